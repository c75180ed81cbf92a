// German (Deutsch). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const de: FinderEmailMessages = {
  htmlLang: 'de',
  dir: 'ltr',
  needsNativeCheck: true,
  // In quotes, the item's name keeps its own form whatever the sentence's case.
  item: '„{name}“',
  itemFallback: '„Fundstück“',
  openChat: 'Chat öffnen',
  orOpenLink: 'Oder öffnen Sie diesen Link:',
  tagline: 'Fundsachen mit NFC-Anhängern',
  deleteMyDetails: 'Meine Daten jetzt löschen',
  whereFound: 'Fundort',
  thanksHeadingNamed: 'Vielen Dank, {name}!',
  thanksHeading: 'Vielen Dank!',
  days: { one: '{count} Tag', other: '{count} Tage' },
  promise:
    'Ihre Daten werden {afterFound}, nachdem der Eigentümer den Gegenstand als gefunden markiert hat, gelöscht – oder {afterReport} nach Ihrer Meldung, falls er das nicht tut.',
  reportSubject: 'Danke, dass Sie einen Fund gemeldet haben',
  reportPreheader: 'Der Eigentümer weiß jetzt, wo sein Gegenstand ist.',
  reportIntro: 'Der Eigentümer von {item} wurde benachrichtigt. Sie können ihm im Chat schreiben.',
  newLinkSubject: 'Ihr neuer Link zum Chat',
  newLinkPreheader: 'Ihr neuer Link zum Chat mit dem Eigentümer.',
  newLinkHeading: 'Ihr neuer Link zum Chat',
  newLinkIntro:
    'Hier ist ein neuer Link zu Ihrem Chat über {item}. Frühere Links funktionieren nicht mehr.',
  returnedSubject: '{item} ist wieder zu Hause: danke',
  returnedPreheader: '{item} ist wieder zu Hause. Danke für Ihre Hilfe.',
  returnedIntro:
    '{item} ist wieder zu Hause: Der Eigentümer hat den Gegenstand als zurückgegeben markiert. Danke, dass Sie ihm den Weg zurück gezeigt haben. Ihr Chat mit dem Eigentümer ist jetzt geschlossen.',
  returnedDeletedOn: 'Ihre Daten werden am {date} gelöscht.',
  returnedDeletedSoon: 'Ihre Daten werden innerhalb von 7 Tagen gelöscht.',
  closedSubject: 'Der Chat über Ihren Fund ist geschlossen',
  closedPreheader: 'Der Chat über Ihren Fund ist geschlossen.',
  closedHeading: 'Der Chat ist geschlossen',
  closedIntro:
    'Der Eigentümer von {item} hat sein Homeward-Konto geschlossen, daher ist Ihr Chat mit ihm beendet. Danke für Ihre Hilfe.',
  closedAfter:
    'Ihre Daten wurden gelöscht. Sobald diese E-Mail verschickt ist, löschen wir auch Ihre Adresse.',
}
