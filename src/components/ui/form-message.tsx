import { Text } from '@chakra-ui/react'

type FormMessageProps = {
  /** The message to show; nothing is rendered when empty. */
  message: string | null
  tone?: 'error' | 'success'
}

/** A form's outcome, announced to screen readers; errors in red. */
export function FormMessage({ message, tone = 'error' }: FormMessageProps) {
  if (!message) return null
  return (
    <Text
      role={tone === 'error' ? 'alert' : 'status'}
      color={tone === 'error' ? 'red.700' : 'fg.success'}
      fontWeight="medium"
    >
      {message}
    </Text>
  )
}
