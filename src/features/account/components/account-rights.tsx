import { useState } from 'react'
import { Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { deleteAccount } from '@/features/account/api/delete-account'
import { downloadFile, exportMyDataPage } from '@/features/account/api/export-my-data'

export const RIGHTS_MESSAGES = {
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteFailed: 'Your account was not deleted. Please try again.',
} as const

/** Said on the home page the owner lands on once the account is gone. */
export const ACCOUNT_DELETED =
  'Your account has been deleted. Your profile, items, notes and messages are gone, your tags no longer work, and each finder you were talking with has been told. We are sending you one e-mail to confirm, then we delete your address too.'

/** Exactly what "Delete my account" does (the confirmation shows each line). */
export const DELETION_CONSEQUENCES = [
  'Your profile (name, e-mail, mobile number, date of birth and address) is deleted.',
  'Your items, their notes and your messages are deleted.',
  'Your tags stop working. They can only be used again if we re-issue them.',
  'Every open conversation is closed, and each finder is told. What the finders told us about your items is deleted too.',
  'We send you one e-mail to confirm, then we delete your address.',
  'You cannot sign in again with this account. This cannot be undone.',
] as const

/** Account Settings: download my data, delete my account. */
export function AccountRights({ onDeleted }: { onDeleted: () => void }) {
  const [message, setMessage] = useState<string | null>(null)
  const [isExporting, setIsExporting] = useState(false)
  const [isConfirming, setIsConfirming] = useState(false)
  const [isDeleting, setIsDeleting] = useState(false)

  const download = async () => {
    setMessage(null)
    setIsExporting(true)
    try {
      const page = await exportMyDataPage()
      const day = new Date().toISOString().slice(0, 10)
      downloadFile(page, `homeward-my-data-${day}.html`, 'text/html')
    } catch (failure) {
      console.error('Export failed', failure)
      setMessage(RIGHTS_MESSAGES.exportFailed)
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
      setMessage(RIGHTS_MESSAGES.deleteFailed)
      setIsDeleting(false)
    }
  }

  return (
    <Stack as="section" aria-label="Your data" gap="4" maxW="2xl" mx="auto" w="full" mt="8">
      <Heading as="h2" size="lg">
        Your data
      </Heading>
      <Text>
        Download a copy of everything Homeward holds about you: one page to open in any browser,
        with your photos inside it and the same data for another service at its end.
      </Text>
      <Box>
        <Button
          variant="outline"
          colorPalette="teal"
          loading={isExporting}
          onClick={() => void download()}
        >
          Download my data
        </Button>
      </Box>
      {!isConfirming ? (
        <Box>
          <Button variant="outline" colorPalette="red" onClick={() => setIsConfirming(true)}>
            Delete my account
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
            Delete your account?
          </Heading>
          <List.Root gap="1" ps="6">
            {DELETION_CONSEQUENCES.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
              Delete my account for good
            </Button>
            <Button variant="outline" disabled={isDeleting} onClick={() => setIsConfirming(false)}>
              Keep my account
            </Button>
          </HStack>
        </Stack>
      )}
      <FormMessage message={message} />
    </Stack>
  )
}
