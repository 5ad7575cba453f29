import { fromPromise } from 'xstate'

/** How a test answers a parked effect: with its output, or by making it throw `fails`. */
export type EffectOutcome = { output?: unknown } | { fails: unknown }

interface Call<Name> {
  name: Name
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

/**
 * Effects a test answers by hand, for `machine.provide({ actors })`: each actor made with
 * `effect(name)` waits ("parks") until the test settles it. One the machine stops — it left the
 * state that invoked it — is no longer running, so a test cannot answer a call nobody awaits.
 * `inputs` keeps what each effect was asked, in order.
 */
export function createParkedEffects<const Name extends string>(names: readonly Name[]) {
  const running: Call<Name>[] = []
  const inputs = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<
    Name,
    unknown[]
  >
  const remove = (call: Call<Name>) => {
    const index = running.indexOf(call)
    if (index >= 0) running.splice(index, 1)
  }

  return {
    names,
    inputs,

    effect<TOutput, TInput = unknown>(name: Name) {
      return fromPromise<TOutput, TInput>(
        ({ input, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            inputs[name].push(input)
            const call: Call<Name> = { name, resolve: resolve as (value: unknown) => void, reject }
            running.push(call)
            signal.addEventListener('abort', () => remove(call))
          }),
      )
    },

    /** Whether the machine is waiting on this effect now. */
    isRunning: (name: Name) => running.some((call) => call.name === name),

    /** The effects the machine is waiting on now, one entry per call. */
    running: () => running.map((call) => call.name),

    /** Resolves (or with `fails`, rejects) the oldest running call, then lets the machine react. */
    async settle(name: Name, outcome: EffectOutcome): Promise<void> {
      const call = running.find((candidate) => candidate.name === name)
      if (!call) throw new Error(`${name} is not running`)
      remove(call)
      if ('fails' in outcome) call.reject(outcome.fails)
      else call.resolve(outcome.output)
      await flush()
    },
  }
}

export type ParkedEffects<Name extends string> = ReturnType<typeof createParkedEffects<Name>>

/** Lets promise callbacks and the machine's reactions to them run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
