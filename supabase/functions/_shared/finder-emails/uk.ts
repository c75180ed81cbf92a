// Ukrainian (українська). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const uk: FinderEmailMessages = {
  htmlLang: 'uk',
  dir: 'ltr',
  needsNativeCheck: true,
  // In quotes, the item's name keeps its own form whatever the sentence's case.
  item: '«{name}»',
  // The sentences name the thing already ('речі {item}'): without a name, nothing more.
  itemFallback: '',
  openChat: 'Відкрити чат',
  orOpenLink: 'Або відкрийте це посилання:',
  tagline: 'бюро знахідок із NFC-мітками',
  deleteMyDetails: 'Видалити мої дані зараз',
  whereFound: 'Де знайдено',
  thanksHeadingNamed: 'Дякуємо, {name}!',
  thanksHeading: 'Дякуємо!',
  days: { one: '{count} день', few: '{count} дні', many: '{count} днів', other: '{count} дня' },
  promise:
    'Ваші дані видаляються через {afterFound} після того, як власник позначить річ як знайдену, або через {afterReport} після вашого повідомлення, якщо він цього не зробить.',
  reportSubject: 'Дякуємо, що повідомили про знайдену річ',
  reportPreheader: 'Власник уже знає, де його річ.',
  reportIntro: 'Власника речі {item} повідомлено. Ви можете поспілкуватися з ним у чаті.',
  newLinkSubject: 'Ваше нове посилання на чат',
  newLinkPreheader: 'Ваше нове посилання на чат із власником.',
  newLinkHeading: 'Ваше нове посилання на чат',
  newLinkIntro:
    'Ось нове посилання на ваш чат про річ {item}. Попередні посилання більше не працюють.',
  returnedSubject: 'Річ {item} знову вдома: дякуємо',
  returnedPreheader: 'Річ {item} знову вдома. Дякуємо за допомогу.',
  returnedIntro:
    'Річ {item} знову вдома: власник позначив її як повернену. Дякуємо, що допомогли їй повернутися. Вашу розмову з власником закрито.',
  returnedDeletedOn: 'Ваші дані буде видалено {date}.',
  returnedDeletedSoon: 'Ваші дані буде видалено протягом 7 днів.',
  closedSubject: 'Розмову про знайдену вами річ закрито',
  closedPreheader: 'Розмову про знайдену вами річ закрито.',
  closedHeading: 'Розмову закрито',
  closedIntro:
    'Власник речі {item} закрив свій обліковий запис Homeward, тому вашу розмову з ним закрито. Дякуємо за допомогу.',
  closedAfter: 'Ваші дані видалено. Щойно цей лист буде надіслано, ми видалимо й вашу адресу.',
}
