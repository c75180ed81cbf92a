// Spanish (español). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const es: FinderEmailMessages = {
  htmlLang: 'es',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '{name}',
  itemFallback: 'el objeto',
  openChat: 'Abrir el chat',
  orOpenLink: 'O abre este enlace:',
  tagline: 'objetos perdidos y encontrados con etiquetas NFC',
  deleteMyDetails: 'Borrar mis datos ahora',
  whereFound: 'Dónde se encontró',
  thanksHeadingNamed: '¡Gracias, {name}!',
  thanksHeading: '¡Gracias!',
  days: { one: '{count} día', many: '{count} de días', other: '{count} días' },
  promise:
    'Tus datos se borran {afterFound} después de que el propietario marque el objeto como encontrado, o {afterReport} después de tu aviso si no lo hace.',
  reportSubject: 'Gracias por avisar de un objeto encontrado',
  reportPreheader: 'El propietario ya sabe dónde está su objeto.',
  reportIntro: 'Hemos avisado al propietario de {item}. Puedes hablar con él en el chat.',
  newLinkSubject: 'Tu nuevo enlace al chat',
  newLinkPreheader: 'Tu nuevo enlace al chat con el propietario.',
  newLinkHeading: 'Tu nuevo enlace al chat',
  newLinkIntro:
    'Aquí tienes un nuevo enlace a tu chat sobre {item}. Los enlaces anteriores ya no funcionan.',
  returnedSubject: '{item} ya está en casa: gracias',
  returnedPreheader: '{item} ya está en casa. Gracias por tu ayuda.',
  returnedIntro:
    '{item} ya está en casa: el propietario lo ha marcado como devuelto. Gracias por ayudarle a encontrar el camino de vuelta. Tu conversación con el propietario ya está cerrada.',
  returnedDeletedOn: 'Tus datos se borrarán el {date}.',
  returnedDeletedSoon: 'Tus datos se borrarán en un plazo de 7 días.',
  closedSubject: 'La conversación sobre el objeto que encontraste está cerrada',
  closedPreheader: 'La conversación sobre el objeto que encontraste está cerrada.',
  closedHeading: 'La conversación está cerrada',
  closedIntro:
    'El propietario de {item} ha cerrado su cuenta de Homeward, así que vuestra conversación está cerrada. Gracias por ayudar.',
  closedAfter:
    'Tus datos se han borrado. En cuanto se envíe este correo, borraremos también tu dirección.',
}
