// CSV export of the shown page of users (spec 02 section 9): users_data.csv with exactly these
// columns. Values are written bare as the spec says, except that a value holding a comma, quote
// or line break is quoted (it would otherwise split the row), and one a spreadsheet would run as
// a formula gets a leading apostrophe.
import type { AdminUserRow } from '@/features/admin/api/admin-api';

export const CSV_FILE_NAME = 'users_data.csv';
export const CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Phone Number',
  'Email',
  'Registration Type',
  'Registration Date',
  'Last Activity Date',
  'Videos',
  'Status',
] as const;
export const NO_DATA_MESSAGE = 'No user data available to export.';

export function csvValue(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=@]/.test(s) || /^[+-][^\d\s]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// 2024-03-05 (UTC date of an ISO timestamp), '' for none.
export function csvDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

export function usersCsv(rows: AdminUserRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.firstName,
        r.lastName,
        r.phoneNumber,
        r.email,
        r.registrationType,
        csvDate(r.dateOfJoining),
        csvDate(r.lastActivityDate),
        r.videoCount,
        r.status === 1 ? 'Activated' : 'Deactivated',
      ]
        .map(csvValue)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
