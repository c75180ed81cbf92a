// French (français). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const fr: FinderEmailMessages = {
  htmlLang: 'fr',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '{name}',
  itemFallback: 'l’objet',
  openChat: 'Ouvrir la conversation',
  orOpenLink: 'Ou ouvrez ce lien\u00a0:',
  tagline: 'objets perdus et retrouvés avec des étiquettes NFC',
  deleteMyDetails: 'Supprimer mes données maintenant',
  whereFound: 'Lieu de la découverte',
  thanksHeadingNamed: 'Merci, {name}\u00a0!',
  thanksHeading: 'Merci\u00a0!',
  days: { one: '{count} jour', many: '{count} de jours', other: '{count} jours' },
  promise:
    'Vos données sont supprimées {afterFound} après que le propriétaire a indiqué l’objet comme retrouvé, ou {afterReport} après votre signalement s’il ne le fait pas.',
  reportSubject: 'Merci d’avoir signalé un objet trouvé',
  reportPreheader: 'Le propriétaire sait maintenant où se trouve son objet.',
  reportIntro:
    'Le propriétaire de {item} a été prévenu. Vous pouvez lui écrire dans la conversation.',
  newLinkSubject: 'Votre nouveau lien vers la conversation',
  newLinkPreheader: 'Votre nouveau lien vers la conversation avec le propriétaire.',
  newLinkHeading: 'Votre nouveau lien vers la conversation',
  newLinkIntro:
    'Voici un nouveau lien vers votre conversation à propos de {item}. Les liens précédents ne fonctionnent plus.',
  returnedSubject: '{item} a retrouvé son propriétaire\u00a0: merci',
  returnedPreheader: '{item} a retrouvé son propriétaire. Merci pour votre aide.',
  returnedIntro:
    '{item} a retrouvé son propriétaire, qui l’a indiqué comme rendu. Merci d’avoir aidé à ce retour. Votre conversation avec le propriétaire est maintenant fermée.',
  returnedDeletedOn: 'Vos données seront supprimées le {date}.',
  returnedDeletedSoon: 'Vos données seront supprimées d’ici 7 jours.',
  closedSubject: 'La conversation sur l’objet que vous avez trouvé est fermée',
  closedPreheader: 'La conversation sur l’objet que vous avez trouvé est fermée.',
  closedHeading: 'La conversation est fermée',
  closedIntro:
    'Le propriétaire de {item} a fermé son compte Homeward, votre conversation est donc fermée. Merci pour votre aide.',
  closedAfter:
    'Vos données ont été supprimées. Dès l’envoi de cet e-mail, nous supprimons aussi votre adresse.',
}
