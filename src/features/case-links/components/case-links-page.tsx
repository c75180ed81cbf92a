import { Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { useAtomValue } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { retentionDays } from '@/lib/retention'
import type { MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { stateAtom, userAtom } from '@/lib/store'
import { createCaseLink } from '@/features/case-links/api/create-case-link'
import { listCaseLinks, type CaseLinkRow } from '@/features/case-links/api/list-case-links'
import { caseLinkRefusal } from '@/features/case-links/api/case-link-words'
import { CaseLinkCard } from '@/features/case-links/components/case-link-card'

const DEFAULT_DAYS = '14'

function NewCaseLinkForm({ itemId, onCreated }: { itemId: string; onCreated: () => void }) {
  const t = useT()
  const [label, setLabel] = useState('')
  const [days, setDays] = useState(DEFAULT_DAYS)
  const [contact, setContact] = useState('')
  const [error, setError] = useState<MessageId | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const contactId = useId()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    setDone(null)
    const validDays = Number(days)
    if (!label.trim()) {
      setError(caseLinkRefusal(new Error('case_link_label')))
      return
    }
    setIsBusy(true)
    try {
      await createCaseLink({
        itemId,
        label,
        validDays: Number.isInteger(validDays) ? validDays : 0,
        contactNote: contact,
      })
      setDone(t('caseLinks.new.done', { label: label.trim() }))
      setLabel('')
      setContact('')
      setDays(DEFAULT_DAYS)
      onCreated()
    } catch (refusal) {
      setError(caseLinkRefusal(refusal))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('caseLinks.new.heading')}
    >
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('caseLinks.new.heading')}
        </Heading>
        <LabelledInput
          label={t('caseLinks.new.who')}
          value={label}
          onValueChange={setLabel}
          placeholder={t('caseLinks.new.whoExample')}
          maxLength={120}
        />
        <LabelledInput
          label={t('caseLinks.new.days')}
          hint={t('caseLinks.new.daysHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          value={days}
          onValueChange={setDays}
        />
        <Stack gap="1.5">
          <label htmlFor={contactId}>
            <Text as="span" fontWeight="semibold" fontSize="sm">
              {t('caseLinks.new.contact')}
            </Text>{' '}
            <Text as="span" fontSize="sm" color="fg.muted">
              {t('caseLinks.new.optional')}
            </Text>
          </label>
          <Textarea
            id={contactId}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            rows={2}
            maxLength={300}
          />
        </Stack>
        <FormMessage message={error && t(error)} />
        <FormMessage message={done} tone="success" />
        <Button type="submit" colorPalette="teal" loading={isBusy} alignSelf="start">
          {t('caseLinks.new.button')}
        </Button>
      </Stack>
    </form>
  )
}

/**
 * /case-links?itemId=…: an owner's case links for one item. A LOST item gets new
 * ones (a named third party, 1 to 30 days, 3 working at a time); each shows when it
 * was opened, its messages, its link and case sheet, and can be withdrawn.
 */
export function CaseLinksPage() {
  const t = useT()
  const [searchParams] = useSearchParams()
  const itemId = searchParams.get('itemId') ?? ''
  const { items = [] } = useAtomValue(stateAtom)
  const { config } = useAtomValue(userAtom)
  const item = items.find((candidate) => candidate.id === itemId)
  const [links, setLinks] = useState<CaseLinkRow[] | null>(null)
  const [error, setError] = useState<MessageId | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((n) => n + 1), [])

  useEffect(() => {
    if (!itemId) return
    const controller = new AbortController()
    listCaseLinks(itemId, controller.signal).then(
      (rows) => {
        setLinks(rows)
        setError(null)
      },
      (refusal: unknown) => {
        if (!controller.signal.aborted) setError(caseLinkRefusal(refusal))
      },
    )
    return () => controller.abort()
  }, [itemId, version])

  const handlers = useMemo(() => ({ message: reload, closed: reload }), [reload])
  useBroadcastChannel({
    topic: config.id ? `owner:${config.id}` : null,
    handlers,
    onResync: reload,
  })

  if (!item) {
    return (
      <Stack gap="3">
        <Text>{t(caseLinkRefusal(new Error('item_not_found')))}</Text>
        <Button asChild alignSelf="start" variant="outline">
          <RouterLink to={paths.dashboard}>{t('caseLinks.page.back')}</RouterLink>
        </Button>
      </Stack>
    )
  }

  return (
    <Stack gap="6" w="full" maxW="2xl" mx="auto">
      <Stack gap="2">
        <Heading as="h1" size="xl">
          {t('caseLinks.page.heading', { item: item.name })}
        </Heading>
        <Text>{t('caseLinks.page.intro', { days: retentionDays.caseLinkAfterEnd })}</Text>
      </Stack>
      {item.status === 'LOST' ? (
        <NewCaseLinkForm itemId={item.id} onCreated={reload} />
      ) : (
        <Text role="note">{t(caseLinkRefusal(new Error('item_not_lost')))}</Text>
      )}
      <FormMessage message={error && t(error)} />
      {links && links.length > 0 && (
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('caseLinks.page.list')}
          </Heading>
          <Stack as="ul" gap="3" m="0" p="0">
            {links.map((link) => (
              <CaseLinkCard
                key={link.case_link_id}
                link={link}
                itemId={item.id}
                onChanged={reload}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  )
}
