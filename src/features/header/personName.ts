import type { User } from '../../../domain/user.ts';

export function fullNameOf(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

/** Two letters for the avatar: first and last name, or the e-mail when the names are still empty. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('');
  return (letters === '' ? user.email.charAt(0) : letters).toLocaleUpperCase('it-IT');
}
