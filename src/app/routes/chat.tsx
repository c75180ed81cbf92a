import { ChatPage } from '@/features/chat/components/chat-page'
import { useFormTitle } from '@/lib/use-form-title'

/** /chat?chatId=ID(#token=SECRET) */
export default function Route() {
  useFormTitle('Chat')
  return <ChatPage />
}
