import type { RucLookup } from '@store/contract';
import { receiptMessages } from '@store/contract';
import type { ActionRateLimits } from '../../../config';
import type { Database } from '../../../db/client';
import { NotFoundError, ServiceUnavailableError } from '../../../lib/http-errors';
import { addressKey, enforceRateLimits } from '../../../lib/rate-limit';
import type { RucLookupAnswer, RucLookupProvider } from './provider';

/** SUNAT's register changes slowly: an answer is kept a day (a RUC it lacks, an hour). */
const FOUND_MS = 24 * 3_600_000;
const NOT_FOUND_MS = 3_600_000;
const MAX_KEPT = 5_000;

type Kept = { until: number; answer: Exclude<RucLookupAnswer, { unavailable: true }> };

/**
 * The factura step's RUC look-up: rate limited per client address and per member (each call may
 * cost the provider a credit, and the register must not be walked through us), then answered from
 * this process's cache or the provider. The register is public, so one cache serves every tenant.
 */
export class RucLookupService {
  private readonly kept = new Map<string, Kept>();
  constructor(
    private readonly provider: RucLookupProvider | undefined,
    private readonly limits: ActionRateLimits,
  ) {}

  async lookup(
    db: Database,
    appId: string,
    who: { ip: string; memberUid: string },
    ruc: string,
    now: Date,
  ): Promise<RucLookup> {
    await enforceRateLimits(
      db,
      appId,
      [
        { bucket: 'ruc-lookup:address', key: addressKey(who.ip), limit: this.limits.address },
        { bucket: 'ruc-lookup:member', key: who.memberUid, limit: this.limits.identity },
      ],
      now,
    );
    const answer = await this.answer(ruc, now.getTime());
    if ('unavailable' in answer)
      throw new ServiceUnavailableError(receiptMessages.rucLookupUnavailable, 60);
    if (!answer.found) throw new NotFoundError(receiptMessages.rucNotFound);
    return {
      ruc,
      business_name: answer.businessName,
      fiscal_address: answer.fiscalAddress,
      status: answer.status,
      condition: answer.condition,
    };
  }

  private async answer(ruc: string, now: number): Promise<RucLookupAnswer> {
    const hit = this.kept.get(ruc);
    if (hit && hit.until > now) return hit.answer;
    if (!this.provider) return { unavailable: true, reason: 'no provider' };
    const answer = await this.provider.lookup(ruc);
    if ('unavailable' in answer) return answer;
    this.kept.delete(ruc);
    // A Map iterates in insertion order: the first key is the oldest kept.
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(ruc, { until: now + (answer.found ? FOUND_MS : NOT_FOUND_MS), answer });
    return answer;
  }
}
