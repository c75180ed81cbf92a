import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

/**
 * Deletes the signed-in owner's account through the delete-account Edge
 * Function (the Auth admin call needs the service role, which the browser never
 * holds); then drops this browser's session. Throws when nothing was deleted.
 * Already deleted (a second tab, a double click: the function answers 404
 * account_not_found) counts as done.
 */
export async function deleteAccount(): Promise<void> {
  const { error } = await supabase.functions.invoke<{ deleted: true }>('delete-account', {
    body: {},
  })
  const isAlreadyDeleted =
    error instanceof FunctionsHttpError && (error.context as Response).status === 404
  if (error && !isAlreadyDeleted) throw error
  // The user no longer exists: forget the session here without asking the server.
  await supabase.auth.signOut({ scope: 'local' })
}
