import { operatorClient } from '../../../scripts/tags-cli.ts'

/**
 * Runs the real purge (purge_finder_data, as its cron job does) for one chat's
 * report, after moving the report's deletion date into the past with the
 * service role, as time passing would.
 */
export async function purgeChatNow(chatId: string): Promise<void> {
  const client = operatorClient({})
  const { data: chat, error: chatError } = await client
    .from('chats')
    .select('report_id')
    .eq('id', chatId)
    .single()
  if (chatError) throw new Error(`chat ${chatId}: ${chatError.message}`)
  const { error: dueError } = await client
    .from('found_reports')
    .update({ purge_after: new Date(Date.now() - 60_000).toISOString() })
    .eq('id', (chat as { report_id: string }).report_id)
  if (dueError) throw new Error(`making the report due: ${dueError.message}`)
  const { error } = await client.rpc('purge_finder_data')
  if (error) throw new Error(`purge_finder_data: ${error.message}`)
}
