/** Where the suite finds the app, the local Supabase API and its dev inbox. */
/** The app's origin: the stack's SITE_URL default, so e-mail links point here. */
export const APP_URL = 'http://localhost:5173'
export const API_URL = 'http://127.0.0.1:54321'
export const INBOX_URL = 'http://127.0.0.1:54324'
