import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { useSetAtom } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { chatPath } from '@/lib/chat/chat-link'

/**
 * Sends the visitor to /login with this chat as the route after login, so an owner
 * who signs in comes straight back to the conversation (the login page says why).
 */
export function useLogInAndReturn(chatId: string | null): () => void {
  const setRouteAfterLogin = useSetAtom(routeAfterLoginAtom)
  const navigate = useNavigate()
  return useCallback(() => {
    if (chatId) setRouteAfterLogin(chatPath(chatId))
    void navigate(paths.login, { replace: Boolean(chatId) })
  }, [chatId, navigate, setRouteAfterLogin])
}
