// Welsh (Cymraeg). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const cy: FinderEmailMessages = {
  htmlLang: 'cy',
  dir: 'ltr',
  needsNativeCheck: true,
  // Deno's Intl has no Welsh dates: '3 Rhagfyr 2026'.
  monthNames: [
    'Ionawr',
    'Chwefror',
    'Mawrth',
    'Ebrill',
    'Mai',
    'Mehefin',
    'Gorffennaf',
    'Awst',
    'Medi',
    'Hydref',
    'Tachwedd',
    'Rhagfyr',
  ],
  item: '{name}',
  itemFallback: 'eich eitem',
  openChat: 'Agor y sgwrs',
  orOpenLink: 'Neu agorwch y ddolen hon:',
  tagline: 'eiddo coll a chanfod gyda thagiau NFC',
  deleteMyDetails: 'Dileu fy manylion nawr',
  whereFound: 'Lle cafodd ei ganfod',
  thanksHeadingNamed: 'Diolch, {name}!',
  thanksHeading: 'Diolch!',
  days: {
    zero: '{count} diwrnod',
    one: '{count} diwrnod',
    two: '{count} ddiwrnod',
    few: '{count} diwrnod',
    many: '{count} diwrnod',
    other: '{count} diwrnod',
  },
  promise:
    'Caiff eich manylion eu dileu {afterFound} ar ôl i’r perchennog nodi bod yr eitem wedi’i chanfod, neu {afterReport} ar ôl eich adroddiad os na fydd yn gwneud hynny.',
  reportSubject: 'Diolch am roi gwybod am eitem a ganfuwyd',
  reportPreheader: 'Mae’r perchennog wedi cael gwybod ble mae ei eitem.',
  reportIntro: 'Mae perchennog {item} wedi cael gwybod. Gallwch siarad ag ef neu hi yn y sgwrs.',
  newLinkSubject: 'Eich dolen sgwrs newydd',
  newLinkPreheader: 'Eich dolen newydd i’r sgwrs gyda’r perchennog.',
  newLinkHeading: 'Eich dolen sgwrs newydd',
  newLinkIntro:
    'Dyma ddolen newydd i’ch sgwrs am {item}. Nid yw dolenni cynharach yn gweithio mwyach.',
  returnedSubject: 'Mae {item} adref: diolch',
  returnedPreheader: 'Mae {item} adref. Diolch am eich help.',
  returnedIntro:
    'Mae {item} adref: mae’r perchennog wedi nodi ei fod wedi’i ddychwelyd. Diolch am ei helpu i ddod o hyd i’w ffordd yn ôl. Mae eich sgwrs â’r perchennog bellach ar gau.',
  returnedDeletedOn: 'Caiff eich manylion eu dileu ar {date}.',
  returnedDeletedSoon: 'Caiff eich manylion eu dileu o fewn 7 diwrnod.',
  closedSubject: 'Mae’r sgwrs am yr eitem a ganfuwyd gennych ar gau',
  closedPreheader: 'Mae’r sgwrs am yr eitem a ganfuwyd gennych ar gau.',
  closedHeading: 'Mae’r sgwrs ar gau',
  closedIntro:
    'Mae perchennog {item} wedi cau ei gyfrif Homeward, felly mae eich sgwrs ag ef neu hi ar gau. Diolch am helpu.',
  closedAfter:
    'Mae eich manylion wedi’u dileu. Unwaith y bydd yr e-bost hwn wedi’i anfon, byddwn yn dileu eich cyfeiriad hefyd.',
}
