// Polish (polski). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const pl: FinderEmailMessages = {
  htmlLang: 'pl',
  dir: 'ltr',
  needsNativeCheck: true,
  // In quotes, the item's name keeps its own form whatever the sentence's case.
  item: '„{name}”',
  // The sentences name the item already ('przedmiotu {item}'): without a name, nothing more.
  itemFallback: '',
  openChat: 'Otwórz czat',
  orOpenLink: 'Albo otwórz ten link:',
  tagline: 'rzeczy zgubione i znalezione z tagami NFC',
  deleteMyDetails: 'Usuń teraz moje dane',
  whereFound: 'Miejsce znalezienia',
  thanksHeadingNamed: 'Dziękujemy, {name}!',
  thanksHeading: 'Dziękujemy!',
  days: { one: '{count} dzień', few: '{count} dni', many: '{count} dni', other: '{count} dnia' },
  promise:
    'Twoje dane usuwamy {afterFound} po tym, jak właściciel oznaczy przedmiot jako odnaleziony, albo {afterReport} po Twoim zgłoszeniu, jeśli tego nie zrobi.',
  reportSubject: 'Dziękujemy za zgłoszenie znalezionego przedmiotu',
  reportPreheader: 'Właściciel wie już, gdzie jest jego przedmiot.',
  reportIntro:
    'Właściciel przedmiotu {item} został powiadomiony. Możesz porozmawiać z nim na czacie.',
  newLinkSubject: 'Twój nowy link do czatu',
  newLinkPreheader: 'Twój nowy link do czatu z właścicielem.',
  newLinkHeading: 'Twój nowy link do czatu',
  newLinkIntro:
    'Oto nowy link do Twojego czatu o przedmiocie {item}. Wcześniejsze linki już nie działają.',
  returnedSubject: 'Przedmiot {item} wrócił do właściciela – dziękujemy',
  returnedPreheader: 'Przedmiot {item} wrócił do właściciela. Dziękujemy za pomoc.',
  returnedIntro:
    'Przedmiot {item} wrócił do właściciela, który oznaczył go jako zwrócony. Dziękujemy za pomoc w jego odnalezieniu. Twoja rozmowa z właścicielem jest już zamknięta.',
  returnedDeletedOn: 'Twoje dane zostaną usunięte {date}.',
  returnedDeletedSoon: 'Twoje dane zostaną usunięte w ciągu 7 dni.',
  closedSubject: 'Rozmowa o znalezionym przez Ciebie przedmiocie została zamknięta',
  closedPreheader: 'Rozmowa o znalezionym przez Ciebie przedmiocie została zamknięta.',
  closedHeading: 'Rozmowa jest zamknięta',
  closedIntro:
    'Właściciel przedmiotu {item} zamknął swoje konto Homeward, więc Wasza rozmowa została zamknięta. Dziękujemy za pomoc.',
  closedAfter: 'Twoje dane zostały usunięte. Po wysłaniu tego e-maila usuniemy też Twój adres.',
}
