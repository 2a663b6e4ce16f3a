import { InvalidArgumentError } from 'commander';

// Argument parsers shared by the commands: bad input is rejected by commander before any database work.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/;

export function uuid(value: string): string {
  if (!UUID.test(value)) throw new InvalidArgumentError('Must be a UUID.');
  return value.toLowerCase();
}

export function email(value: string): string {
  if (!EMAIL.test(value) || value.length > 320) throw new InvalidArgumentError('Must be an email address.');
  return value;
}

/** A name of 1 to 255 characters after trimming. */
export function name(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length < 1 || trimmed.length > 255) throw new InvalidArgumentError('Must be 1 to 255 characters.');
  return trimmed;
}
