import pg from 'pg'

/** Runs `work` on a short-lived connection to the server's maintenance database. */
export async function withAdminClient(
  url: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}
