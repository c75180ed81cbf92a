// Simplified Chinese (简体中文). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const zhHans: FinderEmailMessages = {
  htmlLang: 'zh-Hans',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '“{name}”',
  itemFallback: '物品',
  openChat: '打开聊天',
  orOpenLink: '或打开此链接：',
  tagline: '借助 NFC 标签的失物招领',
  deleteMyDetails: '立即删除我的信息',
  whereFound: '发现地点',
  thanksHeadingNamed: '谢谢你，{name}！',
  thanksHeading: '谢谢你！',
  days: { other: '{count} 天' },
  promise:
    '物主将物品标记为已找到 {afterFound}后，你的信息会被删除；如果物主没有标记，则在你报告 {afterReport}后删除。',
  reportSubject: '感谢你报告捡到的物品',
  reportPreheader: '物主已经知道物品在哪里了。',
  reportIntro: '我们已通知{item}的物主。你可以在聊天中与对方交流。',
  newLinkSubject: '你的新聊天链接',
  newLinkPreheader: '你与物主聊天的新链接。',
  newLinkHeading: '你的新聊天链接',
  newLinkIntro: '这是关于{item}的聊天的新链接。之前的链接已失效。',
  returnedSubject: '{item}已物归原主：谢谢你',
  returnedPreheader: '{item}已物归原主。感谢你的帮助。',
  returnedIntro:
    '{item}已物归原主：物主已将其标记为已归还。感谢你帮它找到回家的路。你与物主的聊天现已关闭。',
  returnedDeletedOn: '你的信息将于 {date} 删除。',
  returnedDeletedSoon: '你的信息将在 7 天内删除。',
  closedSubject: '关于你捡到的物品的聊天已关闭',
  closedPreheader: '关于你捡到的物品的聊天已关闭。',
  closedHeading: '聊天已关闭',
  closedIntro: '{item}的物主已注销其 Homeward 账户，因此你们的聊天已关闭。感谢你的帮助。',
  closedAfter: '你的信息已被删除。这封邮件发出后，我们也会删除你的邮箱地址。',
}
