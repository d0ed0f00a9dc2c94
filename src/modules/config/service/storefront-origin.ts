/** The storefront's canonical host lives with the shop's identity; orders read it from here. */
export {
  type StorefrontHostRow,
  storefrontHostJson,
  storefrontOrigin,
} from '../../../identity/storefront-origin';
