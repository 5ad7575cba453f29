import { useId, useState } from 'react'
import {
  Button,
  Input,
  Label,
  Tag,
  TagGroup,
  TagList,
  Text,
  TextField,
} from 'react-aria-components'
import { addTag, MAX_TAG_LENGTH, MAX_TAGS } from '../../domain/customer-tags'

/**
 * A customer's tags: the current ones in a react-aria TagGroup (arrow keys move between tags,
 * Backspace or Delete removes one) and a text input that adds a tag on Enter or with its button.
 */
export function CustomerTagsField({
  tags,
  onChange,
  error,
}: {
  tags: readonly string[]
  onChange: (tags: string[]) => void
  /** The server's (or the form's) message about the tags. */
  error?: string | undefined
}) {
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | null>(null)
  const errorId = useId()

  const add = () => {
    const result = addTag(tags, draft)
    setDraftError(result.error)
    if (result.error === null) {
      if (result.tags.length !== tags.length) onChange(result.tags)
      setDraft('')
    }
  }

  const message = draftError ?? error

  return (
    <div className="p-field p-tags-field">
      <TagGroup
        className="p-tags-field__group"
        onRemove={(keys) => onChange(tags.filter((tag) => !keys.has(tag)))}
        aria-describedby={message ? errorId : undefined}
      >
        <Label className="p-field__label">Tags</Label>
        <TagList
          className="p-tags-field__list"
          items={tags.map((tag) => ({ id: tag }))}
          renderEmptyState={() => <span className="p-muted">No tags yet.</span>}
        >
          {(item) => (
            <Tag id={item.id} textValue={item.id} className="p-tag">
              {item.id}
              <Button slot="remove" className="p-tag__remove" aria-label={`Remove ${item.id}`}>
                ×
              </Button>
            </Tag>
          )}
        </TagList>
      </TagGroup>
      <div className="p-tags-field__add">
        <TextField
          className="p-field p-tags-field__input"
          value={draft}
          onChange={(text) => {
            setDraft(text)
            setDraftError(null)
          }}
          maxLength={MAX_TAG_LENGTH + 10}
          isDisabled={tags.length >= MAX_TAGS}
          aria-describedby={message ? errorId : undefined}
        >
          <Label className="p-visually-hidden">New tag</Label>
          <Input
            className="p-input"
            placeholder={
              tags.length >= MAX_TAGS ? `At most ${MAX_TAGS} tags` : 'Add a tag, e.g. VIP'
            }
            onKeyDown={(event) => {
              // Enter adds the tag; it must not submit the whole customer form.
              if (event.key === 'Enter') {
                event.preventDefault()
                add()
              }
            }}
          />
        </TextField>
        <Button
          className="p-button"
          onPress={add}
          isDisabled={draft.trim() === '' || tags.length >= MAX_TAGS}
        >
          Add tag
        </Button>
      </div>
      {message ? (
        <Text id={errorId} className="p-field__error" elementType="p">
          {message}
        </Text>
      ) : (
        <Text className="p-field__description" elementType="p">
          Up to {MAX_TAGS} tags. Filter the customer list by a tag.
        </Text>
      )}
    </div>
  )
}
