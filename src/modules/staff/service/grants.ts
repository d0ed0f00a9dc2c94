import type { MerchantContext } from '../../../app-env';
import { ApiError } from '../../../errors';
import { grants, type MerchantScope } from '../../../identity/merchant-scopes';

/**
 * The scopes a caller may hand out: only what it holds itself, so nobody makes a role,
 * an invite or a member stronger than they are (the owner role takes every scope).
 */
export function assertCanGrant(caller: MerchantContext, scopes: readonly MerchantScope[]) {
  const beyond = scopes.filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) {
    throw new ApiError('MERCHANT_SCOPE_MISSING', {
      message: `You do not hold ${beyond.join(', ')}, so you cannot grant it.`,
    });
  }
}

/**
 * A member's sessions, keys and invites are reachable only by a caller holding every scope
 * the member's role holds: nobody signs out, or takes the keys or invite of, someone above
 * them (an owner's sessions stay the owner's own unless another owner ends them).
 */
export function assertCanReach(caller: MerchantContext, scopes: readonly MerchantScope[]) {
  const beyond = scopes.filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) {
    throw new ApiError('MERCHANT_SCOPE_MISSING', {
      message: `This member's role holds ${beyond.join(', ')}, which you do not: only someone holding it can do this.`,
    });
  }
}
