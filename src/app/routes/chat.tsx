import { ChatPage } from '@/features/conversation/components/chat-page'
import { OwnerChatActionsBar } from '@/features/return/components/owner-chat-actions'
import { WaysBackPanel } from '@/features/return/components/ways-back'

/** /chat: the conversation, with the return's ways back and the owner's actions in it. */
export default function ChatRoute() {
  return <ChatPage WaysBack={WaysBackPanel} OwnerActions={OwnerChatActionsBar} />
}
