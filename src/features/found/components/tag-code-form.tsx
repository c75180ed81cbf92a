import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { paths } from '@/lib/paths'
import { normaliseTagCode } from '@/lib/tag-code'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { LostNote } from '@/features/found/components/lost-note'
import { LazyOfflineBanner } from '@/features/found/components/lazy-offline-banner'
import { scanTag } from '@/features/found/nfc-scan'
import { T, useT } from '@/lib/i18n/use-t'
import { TextLink } from '@/components/ui/text-link'
import { TAG_MESSAGES, type TagLookupState } from '@/features/found/use-tag-lookup'

/**
 * /tag's code form: the finder types the code printed on the tag (or scans the tag)
 * and looks it up. Starts with the code from the link, if any.
 *
 * The field is uncontrolled and read with FormData when the form is sent: on the
 * prerendered page a finder may type before the app has hydrated, and a controlled
 * field would be emptied by hydration. `code` follows the field for the owner's
 * lost-mode note held from an earlier lookup of the same code.
 */
export function TagCodeForm({ linkCode, lookup }: { linkCode: string; lookup: TagLookupState }) {
  const formRef = useRef<HTMLFormElement>(null)
  const field = () => formRef.current?.elements.namedItem('tagId') as HTMLInputElement | null
  const [code, setCode] = useState(linkCode)
  const { message, setMessage, isBusy, offlineCode, lookUp, writeOffline } = lookup
  // On the prerendered page a press on Scan before the app has hydrated would do nothing.
  const isHydrated = useIsHydrated()
  const t = useT()

  // The prerendered page was built without the link's code: once hydrated, an empty
  // field shows it (what a finder typed before hydration stays).
  useEffect(() => {
    const input = field()
    if (input && !input.value) input.value = linkCode
  }, [linkCode])

  const showCode = (found: string) => {
    const normalised = normaliseTagCode(found)
    const input = field()
    if (input) input.value = normalised
    setCode(normalised)
  }

  const scan = async () => {
    const canScan = await scanTag({
      onStart: () => setMessage(TAG_MESSAGES.scanning),
      onCode: (found) => {
        showCode(found)
        void lookUp(found)
      },
      onFailure: () => setMessage(TAG_MESSAGES.scanFailed),
    })
    if (!canScan) setMessage(TAG_MESSAGES.noNfc)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void lookUp(String(new FormData(event.currentTarget).get('tagId') ?? ''))
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <LostNote code={normaliseTagCode(code)} />
      {/* Sent before the app has taken over the page (a slow phone), the form loads
          /tag?tagId=CODE, which looks the code up once it has: nothing typed is lost. */}
      <form
        ref={formRef}
        method="get"
        action={paths.tag}
        onSubmit={submit}
        onChange={() => setCode(field()?.value ?? '')}
        noValidate
      >
        <Stack gap="4">
          <LabelledInput
            label={t('tag.field')}
            name="tagId"
            autoCapitalize="characters"
            autoComplete="off"
            defaultValue={linkCode}
          />
          <FormMessage message={message && t(message)} />
          <LazyOfflineBanner isOffline={offlineCode !== null} text={t(TAG_MESSAGES.offline)} />
          {offlineCode && (
            <Button colorPalette="teal" onClick={() => writeOffline(offlineCode)}>
              {t('tag.writeReport')}
            </Button>
          )}
          <Button
            type="submit"
            colorPalette="teal"
            variant={offlineCode ? 'outline' : 'solid'}
            loading={isBusy}
            loadingText={t('tag.lookingUp')}
          >
            {t('tag.find')}
          </Button>
        </Stack>
      </form>
      <Button
        variant="outline"
        colorPalette="teal"
        disabled={!isHydrated}
        onClick={() => void scan()}
      >
        {t('tag.scan')}
      </Button>
      <Text>
        <T
          id="tag.notSure"
          components={{ 0: <TextLink to={paths.howToScan} colorPalette="teal" /> }}
        />
      </Text>
    </Stack>
  )
}
