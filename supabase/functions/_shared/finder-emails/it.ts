// Italian (italiano). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const it: FinderEmailMessages = {
  htmlLang: 'it',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '{name}',
  itemFallback: 'l’oggetto',
  openChat: 'Apri la chat',
  orOpenLink: 'Oppure apri questo link:',
  tagline: 'oggetti smarriti e ritrovati con tag NFC',
  deleteMyDetails: 'Elimina subito i miei dati',
  whereFound: 'Dove è stato trovato',
  thanksHeadingNamed: 'Grazie, {name}!',
  thanksHeading: 'Grazie!',
  days: { one: '{count} giorno', many: '{count} di giorni', other: '{count} giorni' },
  promise:
    'I tuoi dati vengono eliminati {afterFound} dopo che il proprietario ha segnato l’oggetto come ritrovato, oppure {afterReport} dopo la tua segnalazione se non lo fa.',
  reportSubject: 'Grazie per aver segnalato un oggetto trovato',
  reportPreheader: 'Il proprietario ora sa dove si trova il suo oggetto.',
  reportIntro: 'Il proprietario di {item} è stato avvisato. Puoi scrivergli nella chat.',
  newLinkSubject: 'Il tuo nuovo link alla chat',
  newLinkPreheader: 'Il tuo nuovo link alla chat con il proprietario.',
  newLinkHeading: 'Il tuo nuovo link alla chat',
  newLinkIntro: 'Ecco un nuovo link alla tua chat su {item}. I link precedenti non funzionano più.',
  returnedSubject: '{item} è di nuovo a casa: grazie',
  returnedPreheader: '{item} è di nuovo a casa. Grazie per il tuo aiuto.',
  returnedIntro:
    '{item} è di nuovo a casa: il proprietario lo ha segnato come restituito. Grazie per averlo aiutato a ritrovare la strada. La tua conversazione con il proprietario ora è chiusa.',
  returnedDeletedOn: 'I tuoi dati verranno eliminati il {date}.',
  returnedDeletedSoon: 'I tuoi dati verranno eliminati entro 7 giorni.',
  closedSubject: 'La conversazione sull’oggetto che hai trovato è chiusa',
  closedPreheader: 'La conversazione sull’oggetto che hai trovato è chiusa.',
  closedHeading: 'La conversazione è chiusa',
  closedIntro:
    'Il proprietario di {item} ha chiuso il suo account Homeward, quindi la vostra conversazione è chiusa. Grazie per l’aiuto.',
  closedAfter:
    'I tuoi dati sono stati eliminati. Appena questa e-mail sarà inviata, elimineremo anche il tuo indirizzo.',
}
