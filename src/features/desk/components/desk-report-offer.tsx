import { useEffect, useState, type FormEvent } from 'react'
import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { chatPath } from '@/lib/chat/chat-link'
import { deskReportFound, getMyDesk, type MyDesk } from '@/features/desk/api/desk'
import { deskFailureText } from '@/features/desk/texts'
import { loadOwnerMessages } from '@/lib/i18n/i18n'
import { useT } from '@/lib/i18n/use-t'

/**
 * On /tag, for a signed-in member of an approved desk's staff: "Report as <desk>"
 * with the desk's reference number, one tap. The owner is alerted as by any finder,
 * with where the item is held; the staff member goes on to the conversation.
 */
export default function DeskReportOffer({ tagCode }: { tagCode: string }) {
  const t = useT()
  const [desk, setDesk] = useState<MyDesk | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const navigate = useNavigate()

  useEffect(() => {
    let isActive = true
    // /tag is a finder's page, which loads only the finder's catalog: the offer's words
    // are the owner's catalog's (desk.json), loaded with the desk before it shows.
    Promise.all([getMyDesk(), loadOwnerMessages()])
      .then(([mine]) => {
        if (isActive) setDesk(mine?.status === 'approved' ? mine : null)
      })
      .catch((failure: unknown) => console.error('Loading your desk failed', failure))
    return () => {
      isActive = false
    }
  }, [])

  if (!desk || !tagCode) return null

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reference = String(new FormData(event.currentTarget).get('reference') ?? '').trim()
    if (reference === '') return setError(t('desk.report.referenceMissing'))
    setError(null)
    setIsBusy(true)
    try {
      const chatId = await deskReportFound(tagCode, reference)
      void navigate(chatPath(chatId))
    } catch (failure) {
      console.error('Reporting as the desk failed', failure)
      setError(deskFailureText(t, failure))
      setIsBusy(false)
    }
  }

  const title = t('desk.report.title', { name: desk.name })
  return (
    <Box maxW="md" mx="auto" mb="6" w="full">
      <Card.Root as="section" aria-label={title} borderColor="teal.solid">
        <Card.Body>
          <Stack asChild gap="3">
            <form onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
              <Heading as="h2" size="md">
                {title}
              </Heading>
              <Text fontSize="sm">{t('desk.report.intro')}</Text>
              <LabelledInput
                label={t('desk.report.referenceLabel')}
                name="reference"
                maxLength={40}
                autoComplete="off"
              />
              <FormMessage message={error} />
              <Button type="submit" colorPalette="teal" loading={isBusy}>
                {title}
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  )
}
