/** bcrypt's cost for stored password hashes (GoTrue's default). */
export const BCRYPT_COST = 10
