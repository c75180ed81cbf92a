/** The Polish finder's page as a Polish phone shows it (src/locales/pl.json). */
export const POLISH = {
  intro: 'Napisz właścicielowi, jak może odzyskać swoją rzecz.',
  inform: 'Powiadom właściciela',
  name: 'IMIĘ I NAZWISKO',
  email: 'E-MAIL',
  phone: 'NUMER TELEFONU',
  address: 'ADRES',
  where: 'GDZIE ZNALAZŁEŚ/-AŚ TĘ RZECZ',
  thanks: 'Dziękujemy!',
}
