/** Where people write to us (the FAQ, the privacy notice, pages that cannot work without JavaScript). */
export const CONTACT_EMAIL = 'help@homeward.example'
