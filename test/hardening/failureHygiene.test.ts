import { ActivityFailure, ApplicationFailure, RetryState, TimeoutFailure, TimeoutType } from '@temporalio/common';
import { expect } from 'chai';
import { FailureTypes } from '../../common/failureTypes';
import { createUser } from '../../db/queries/users';
import { failureMessage, UNEXPECTED_FAILURE } from '../../workflows/failureReason';
import { createTenant } from '../support/fixtures';
import { testEnv } from '../support/env';

// A failed query must not carry what it wrote (names, emails, identifiers, analysis text) into logs,
// Temporal failures or the reason shown to API users: knex keeps its placeholders, mysql2's copy of the
// sent SQL is dropped, the server's quoted values are masked, and a recording's failure reason quotes
// only failures written for people.

describe('security: failures carry no personal data', () => {
  it('a failed query names the SQL with placeholders and the error code, never the values it carried', async () => {
    const db = testEnv().db;
    const { company } = await createTenant();
    const person = {
      companyId: company.id,
      email: 'jane.roe.secret@example.com',
      firstName: 'Janeroe',
      lastName: 'Secretname',
      role: 'Rep' as const,
    };
    await createUser(db, person);
    const failures: unknown[] = [];
    await createUser(db, person).catch((err: unknown) => failures.push(err));
    await db.transaction((trx) => createUser(trx, person)).catch((err: unknown) => failures.push(err));
    expect(failures).to.have.length(2);
    for (const err of failures) {
      const e = err as Error & { code?: string; sql?: string; sqlMessage?: string };
      expect(e.code).to.equal('ER_DUP_ENTRY');
      expect(e.message)
        .to.match(/insert into `users`/i)
        .and.to.include('?')
        .and.to.include('Duplicate entry');
      const everything = JSON.stringify({
        message: e.message,
        stack: e.stack,
        sqlMessage: e.sqlMessage,
        sql: e.sql,
        own: Object.entries(e),
      });
      for (const value of [person.email, person.firstName, person.lastName])
        expect(everything, value).to.not.include(value);
      expect(e.sql).to.equal(undefined);
    }
  });

  describe('the failure reason a recording ends with', () => {
    it('quotes the failures our activities explain', () => {
      const explained = ApplicationFailure.create({
        type: FailureTypes.NotMedia,
        message: 'The recording URL did not serve audio or video (text/html)',
        nonRetryable: true,
      });
      const err = new ActivityFailure(
        'Activity task failed',
        'storeRecording',
        '1',
        RetryState.NON_RETRYABLE_FAILURE,
        undefined,
        explained,
      );
      expect(failureMessage(err)).to.equal('The recording URL did not serve audio or video (text/html)');
      const timeout = new TimeoutFailure('timed out', undefined, TimeoutType.HEARTBEAT);
      expect(
        failureMessage(new ActivityFailure('Activity task failed', 'x', '1', RetryState.TIMEOUT, undefined, timeout)),
      ).to.equal('it did not finish in time (heartbeat)');
    });

    it('names any other failure (a database error, a bug) without quoting it', () => {
      const sqlError = ApplicationFailure.create({
        type: 'Error',
        message: "insert into `recording_events` (`reason`) values ('Jane Roe said …') - Data too long",
      });
      const err = new ActivityFailure(
        'Activity task failed',
        'keepRecordingEvent',
        '7',
        RetryState.MAXIMUM_ATTEMPTS_REACHED,
        undefined,
        sqlError,
      );
      expect(failureMessage(err)).to.equal(UNEXPECTED_FAILURE);
      expect(failureMessage(new Error('select * from users where email = jane@example.com'))).to.equal(
        UNEXPECTED_FAILURE,
      );
      expect(failureMessage(ApplicationFailure.create({ message: 'untyped' }))).to.equal(UNEXPECTED_FAILURE);
    });
  });
});
