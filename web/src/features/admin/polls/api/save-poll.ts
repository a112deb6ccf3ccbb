import type { AdminPoll, AdminPollCreate, AdminPollInput } from '@store/contract/admin/polls';
import { adminPollKeys } from '../../../../api/query-keys/admin';
import { useDeleteRecord, useSaveRecord } from '../../shell/api/save-record';

/** `POST v5/admin/polls/` or `PUT v5/admin/polls/{uid}/` (the whole poll, with the version read). */
export const useSavePoll = () =>
  useSaveRecord<AdminPoll, AdminPollCreate, AdminPollInput>(
    'v5/admin/polls/',
    'put',
    adminPollKeys.all(),
  );

/** `DELETE v5/admin/polls/{uid}/?version=`: only a poll nobody answered. */
export const useDeletePoll = () => useDeleteRecord('v5/admin/polls/', adminPollKeys.all());
