import { randomBytes } from 'node:crypto'

export type Owner = {
  fullName: string
  email: string
  mobile: string
  password: string
  dob: string
  address: string
  county: string
  country: string
}

export type Finder = { name: string; email: string; phone: string; address: string; where: string }

/** A unique suffix so reruns against a reused stack never collide. */
export function unique(): string {
  return randomBytes(4).toString('hex')
}

export function newOwner(name = 'Ada Lovelace'): Owner {
  const id = unique()
  return {
    fullName: name,
    email: `owner-${id}@example.com`,
    mobile: `07700 9${String(parseInt(id.slice(0, 5), 16) % 100000).padStart(5, '0')}`,
    password: `Correct-horse-${id}`,
    dob: '1990-05-17',
    address: '12 Mill Road',
    county: 'Cambridgeshire',
    country: 'United Kingdom',
  }
}

export function newFinder(): Finder {
  const id = unique()
  return {
    name: 'Grace Hopper',
    email: `finder-${id}@example.com`,
    phone: '07700 900123',
    address: '3 Station Road, Ely',
    where: 'On a bench by the river, Jesus Green',
  }
}
