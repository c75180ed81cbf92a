import { useState } from 'react'
import { Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { deleteAccount } from '@/features/account/api/delete-account'
import { downloadFile, exportMyDataPage } from '@/features/account/api/export-my-data'
import { useT } from '@/lib/i18n/use-t'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** Exactly what "Delete my account" does (the confirmation shows each line). */
export const DELETION_CONSEQUENCES = [
  msgId('account.delete.consequence.profile'),
  msgId('account.delete.consequence.items'),
  msgId('account.delete.consequence.tags'),
  msgId('account.delete.consequence.conversations'),
  msgId('account.delete.consequence.email'),
  msgId('account.delete.consequence.final'),
] as const

/** Account Settings: download my data, delete my account. */
export function AccountRights({ onDeleted }: { onDeleted: () => void }) {
  const [message, setMessage] = useState<MessageId | null>(null)
  const [isExporting, setIsExporting] = useState(false)
  const [isConfirming, setIsConfirming] = useState(false)
  const [isDeleting, setIsDeleting] = useState(false)
  const t = useT()

  const download = async () => {
    setMessage(null)
    setIsExporting(true)
    try {
      const page = await exportMyDataPage(t)
      const day = new Date().toISOString().slice(0, 10)
      downloadFile(page, `homeward-my-data-${day}.html`, 'text/html')
    } catch (failure) {
      console.error('Export failed', failure)
      setMessage(msgId('account.data.downloadFailed'))
    } finally {
      setIsExporting(false)
    }
  }

  const remove = async () => {
    setMessage(null)
    setIsDeleting(true)
    try {
      await deleteAccount()
      onDeleted()
    } catch (failure) {
      console.error('Account deletion failed', failure)
      setMessage(msgId('account.delete.failed'))
      setIsDeleting(false)
    }
  }

  return (
    <Stack
      as="section"
      aria-label={t('account.data.heading')}
      gap="4"
      maxW="2xl"
      mx="auto"
      w="full"
      mt="8"
    >
      <Heading as="h2" size="lg">
        {t('account.data.heading')}
      </Heading>
      <Text>{t('account.data.about')}</Text>
      <Box>
        <Button
          variant="outline"
          colorPalette="teal"
          loading={isExporting}
          onClick={() => void download()}
        >
          {t('account.data.download')}
        </Button>
      </Box>
      {!isConfirming ? (
        <Box>
          <Button variant="outline" colorPalette="red" onClick={() => setIsConfirming(true)}>
            {t('account.delete.button')}
          </Button>
        </Box>
      ) : (
        <Stack
          role="group"
          aria-labelledby="delete-account-heading"
          gap="3"
          borderWidth="1px"
          borderColor="red.500"
          borderRadius="md"
          p="4"
        >
          <Heading as="h3" size="md" id="delete-account-heading">
            {t('account.delete.confirmHeading')}
          </Heading>
          <List.Root gap="1" ps="6">
            {DELETION_CONSEQUENCES.map((line) => (
              <List.Item key={line}>{t(line)}</List.Item>
            ))}
          </List.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
              {t('account.delete.confirm')}
            </Button>
            <Button variant="outline" disabled={isDeleting} onClick={() => setIsConfirming(false)}>
              {t('account.delete.keep')}
            </Button>
          </HStack>
        </Stack>
      )}
      <FormMessage message={message && t(message)} />
    </Stack>
  )
}
