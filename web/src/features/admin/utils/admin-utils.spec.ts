import { describe, expect, it } from '@jest/globals';
import { decodeEmailParam, encodeEmailParam } from './email-param';
import { pageItems } from './pagination';
import { CSV_COLUMNS, csvValue, usersCsv } from './users-csv';

describe('page buttons', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows a window of 4 with the first and last pages and ellipses', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(8, 20)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10, 'ellipsis-end', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(19, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 7]);
  });

  it('keeps an out-of-range page inside the list', () => {
    expect(pageItems(99, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(pageItems(0, 0)).toEqual([1]);
  });
});

describe('users CSV', () => {
  it('writes the spec columns and bare values', () => {
    const csv = usersCsv([
      {
        firstName: 'Ann',
        lastName: 'Lee',
        phoneNumber: '+1 555 0100',
        dateOfJoining: '2024-03-05T10:00:00.000Z',
        lastActivityDate: null,
        email: 'ann@example.com',
        registrationType: 'Premium',
        videoCount: 3,
        status: 0,
      },
    ]);
    expect(csv).toBe(`${CSV_COLUMNS.join(',')}\r\nAnn,Lee,+1 555 0100,ann@example.com,Premium,2024-03-05,,3,Deactivated\r\n`);
    expect(CSV_COLUMNS.join(',')).toBe('First Name,Last Name,Phone Number,Email,Registration Type,Registration Date,Last Activity Date,Videos,Status');
  });

  it('quotes only what would break a row, and defuses formulas', () => {
    expect(csvValue('Lee, Jr')).toBe('"Lee, Jr"');
    expect(csvValue('say "hi"')).toBe('"say ""hi"""');
    expect(csvValue('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvValue('-abc')).toBe("'-abc");
    expect(csvValue('-1')).toBe('-1');
    expect(csvValue(null)).toBe('');
  });
});

describe('email parameter', () => {
  it('round-trips an address, UTF-8 included', () => {
    expect(decodeEmailParam(encodeEmailParam('ann@example.com'))).toBe('ann@example.com');
    expect(encodeEmailParam('ann@example.com')).toBe('YW5uQGV4YW1wbGUuY29t');
    expect(decodeEmailParam(encodeEmailParam('zoë@exämple.com'))).toBe('zoë@exämple.com');
  });

  it('treats a bad parameter as none', () => {
    for (const bad of [null, '', '%%%', btoa('not an email'), btoa('\xff\xfe')]) expect(decodeEmailParam(bad)).toBeNull();
  });
});
