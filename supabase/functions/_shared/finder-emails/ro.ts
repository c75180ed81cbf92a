// Romanian (română). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const ro: FinderEmailMessages = {
  htmlLang: 'ro',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '„{name}”',
  // The sentences name the item already ('obiectului {item}'): without a name, nothing more.
  itemFallback: '',
  openChat: 'Deschide conversația',
  orOpenLink: 'Sau deschide acest link:',
  tagline: 'obiecte pierdute și găsite cu etichete NFC',
  deleteMyDetails: 'Șterge-mi datele acum',
  whereFound: 'Unde a fost găsit',
  thanksHeadingNamed: 'Mulțumim, {name}!',
  thanksHeading: 'Mulțumim!',
  days: { one: '{count} zi', few: '{count} zile', other: '{count} de zile' },
  promise:
    'Datele tale sunt șterse la {afterFound} după ce proprietarul marchează obiectul ca găsit sau la {afterReport} după raportul tău, dacă nu o face.',
  reportSubject: 'Îți mulțumim că ai raportat un obiect găsit',
  reportPreheader: 'Proprietarul a aflat unde este obiectul său.',
  reportIntro: 'Proprietarul obiectului {item} a fost anunțat. Poți vorbi cu el în conversație.',
  newLinkSubject: 'Noul tău link către conversație',
  newLinkPreheader: 'Noul tău link către conversația cu proprietarul.',
  newLinkHeading: 'Noul tău link către conversație',
  newLinkIntro:
    'Iată un link nou către conversația despre obiectul {item}. Linkurile mai vechi nu mai funcționează.',
  returnedSubject: 'Obiectul {item} a ajuns acasă: mulțumim',
  returnedPreheader: 'Obiectul {item} a ajuns acasă. Îți mulțumim pentru ajutor.',
  returnedIntro:
    'Obiectul {item} a ajuns acasă: proprietarul l-a marcat ca returnat. Îți mulțumim că l-ai ajutat să-și găsească drumul înapoi. Conversația ta cu proprietarul este acum închisă.',
  returnedDeletedOn: 'Datele tale vor fi șterse pe {date}.',
  returnedDeletedSoon: 'Datele tale vor fi șterse în cel mult 7 zile.',
  closedSubject: 'Conversația despre obiectul găsit de tine a fost închisă',
  closedPreheader: 'Conversația despre obiectul găsit de tine a fost închisă.',
  closedHeading: 'Conversația este închisă',
  closedIntro:
    'Proprietarul obiectului {item} și-a închis contul Homeward, așa că și conversația voastră este închisă. Îți mulțumim pentru ajutor.',
  closedAfter: 'Datele tale au fost șterse. După ce trimitem acest e-mail, îți ștergem și adresa.',
}
