/** An HTTP status an error can carry (kept here so services never import HTTP code). */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 422 | 429 | 500 | 503;

/**
 * Every error code the API answers with, its HTTP status and default message.
 * The contract's codes keep their spelling; codes it leaves open follow CONVENTIONS.
 * The OpenAPI error responses are generated from this table.
 */
export const ERROR_CODES = {
  // Platform
  VALIDATION_FAILED: [422, 'The request is not valid.'],
  INVALID_JSON: [400, 'The request body is not valid JSON.'],
  ROUTE_NOT_FOUND: [404, 'No such endpoint.'],
  PAYLOAD_TOO_LARGE: [413, 'The request body is too large.'],
  INTERNAL_ERROR: [500, 'Something went wrong on our side.'],
  SERVICE_UNAVAILABLE: [503, 'The service is temporarily unavailable.'],
  API_KEY_MISSING: [401, 'The x-api-key header is required.'],
  API_KEY_INVALID: [401, 'The API key is not valid.'],
  IDEMPOTENCY_KEY_REUSED: [422, 'The Idempotency-Key was already used with a different request.'],
  IDEMPOTENCY_KEY_INVALID: [400, 'The Idempotency-Key header is not valid.'],
  WEBHOOK_SIGNATURE_INVALID: [400, 'The webhook signature is not valid.'],
  // Shop
  SHOP_UNDER_DEVELOPMENT: [503, 'The shop is not available right now.'],
  HOSTNAME_NOT_DETERMINED: [400, 'The request hostname could not be determined.'],
  DOMAIN_NOT_IDENTIFIED: [404, 'No shop is served on this domain.'],
  SHOP_ID_NOT_FOUND: [404, 'The shop could not be found.'],
  SHOP_URL_INVALID: [400, 'The URL is not a path of the storefront.'],
  POLICY_TYPE_INVALID: [400, 'Unknown policy type.'],
  POLICY_NOT_FOUND: [404, 'The shop has not configured this policy.'],
  MEDIA_NOT_FOUND: [404, 'No such media file.'],
  IMAGE_WIDTH_INVALID: [400, 'The image width is not one of the widths images are served at.'],
  // Customer login
  EMAIL_REQUIRED: [400, 'An email address is required.'],
  ACCOUNT_NOT_FOUND: [404, 'No account exists for this email.'],
  ACCOUNT_BLACKLISTED: [403, 'This account is blocked.'],
  ACCOUNT_INACTIVE: [403, 'This account is inactive.'],
  TOO_MANY_LOGIN_ATTEMPTS: [429, 'Too many sign-in requests. Try again later.'],
  AUTH_NOT_INITIALIZED: [403, 'Sign-in is not available for this shop.'],
  INVALID_CODE: [400, 'The code is not correct.'],
  VERIFICATION_NOT_VALID: [400, 'The code has expired or was already used.'],
  VERIFICATION_NOT_FOUND: [404, 'No such verification.'],
  VERIFICATION_USER_MISMATCH: [403, 'This verification belongs to another email.'],
  TOO_MANY_VERIFY_ATTEMPTS: [429, 'Too many wrong codes. Request a new code.'],
  // Magic link
  INVALID_ACCESS_LINK: [400, 'The sign-in link is not valid.'],
  ACCESS_LINK_EXPIRED: [410, 'The sign-in link has expired.'],
  ORDER_CANCELLED: [403, 'The order was cancelled.'],
  ORDER_HAS_REFUND: [403, 'The order has a refund.'],
  // Session
  AUTH_TOKEN_MISSING: [401, 'A customer token is required.'],
  AUTH_TOKEN_INVALID: [401, 'The customer token is not valid.'],
  AUTH_TOKEN_DEVICE_MISMATCH: [401, 'The customer token was issued to another device.'],
  SESSION_EXPIRED: [401, 'The session has expired. Sign in again.'],
  AUTH_USER_NOT_FOUND: [404, 'The customer no longer exists.'],
  // Profile
  PHONE_NUMBER_INVALID: [400, 'The phone number is not valid.'],
  // Products
  PRODUCT_NOT_FOUND: [404, 'No such product.'],
  PRODUCT_ID_REQUIRED: [400, 'productId is required.'],
  INVALID_VARIATION_KEY: [400, 'The variation key is malformed.'],
  INVALID_OPTION_VALUES: [400, "The variation key does not match the product's options."],
  VARIANT_NOT_FOUND: [404, 'No such variant.'],
  // Categories / search / content
  CATEGORY_NOT_FOUND: [404, 'No such category.'],
  INVALID_SEARCH_QUERY: [400, 'The search term is missing or not valid.'],
  CONTENT_MODEL_NOT_FOUND: [404, 'No such content model.'],
  CONTENT_ENTRY_NOT_FOUND: [404, 'No such content entry.'],
  // Coupons
  INVALID_COUPON: [400, 'The coupon is not valid for this cart.'],
  COUPONS_DISABLED: [403, 'Coupons are not available in this shop.'],
  COUPON_ZERO_TOTAL: [400, 'Coupons cannot apply to a zero total.'],
  COUPON_RATE_LIMITED: [429, 'Too many coupon attempts. Try again later.'],
  // Orders
  ORDER_VALIDATION_FAILED: [422, 'The order is not valid.'],
  INVALID_SHIPPING_ID: [422, 'The shipping option is not valid.'],
  PAYMENTS_NOT_ENABLED: [403, 'Payments are not enabled for this shop.'],
  ORDER_RATE_LIMITED: [429, 'Too many orders from this address. Try again later.'],
  ORDER_NOT_FOUND: [404, 'No such order.'],
  // Downloads
  DOWNLOAD_PRODUCT_NOT_FOUND: [404, "The product is not among the order's downloads."],
  DOWNLOAD_FILE_NOT_FOUND: [404, 'No such file for this product.'],
  DOWNLOAD_NOT_ACTIVE: [403, 'This download is disabled.'],
  DOWNLOAD_LIMIT_REACHED: [403, 'The download limit has been reached.'],
  DOWNLOAD_EXPIRED: [410, 'The download period has ended.'],
  DOWNLOAD_FILE_MISSING: [404, 'The file is missing on the server.'],
  // Reviews
  REVIEW_PRODUCT_NOT_FOUND: [404, 'No such product to review.'],
  REVIEW_ORDER_NOT_FOUND: [404, 'No such order.'],
  REVIEW_ORDER_STATUS_INVALID: [403, 'This order cannot be reviewed yet.'],
  REVIEW_ALREADY_EXISTS: [409, 'This product was already reviewed for this order.'],
  REVIEWS_DISABLED: [403, 'This shop does not accept reviews.'],
  // Newsletter
  EMAIL_ALREADY_SUBSCRIBED: [409, 'This email is already subscribed.'],
  NEWSLETTER_LIMIT_EXCEEDED: [403, 'The newsletter is not accepting subscriptions.'],
  NEWSLETTER_RATE_LIMITED: [429, 'Too many subscription requests. Try again later.'],
  SUBSCRIPTION_NOT_FOUND: [404, 'No such subscription.'],
  SUBSCRIPTION_NOT_VALID: [400, 'The subscription link is not valid.'],
  // Analytics
  ANALYTICS_EVENT_INVALID: [422, 'The analytics event is not valid.'],
  // Merchant API
  MERCHANT_KEY_MISSING: [401, 'A merchant key is required: send Authorization: Bearer sk_….'],
  MERCHANT_KEY_INVALID: [401, 'The merchant key is not valid or was revoked.'],
  STOREFRONT_KEY_NOT_ALLOWED: [
    401,
    'A storefront key cannot call the merchant API; send a merchant key (sk_…) as Authorization: Bearer.',
  ],
  MERCHANT_KEY_NOT_ALLOWED: [
    401,
    'A merchant secret key cannot be used on the storefront: send the storefront key (sf_…) and keep the secret key on your server.',
  ],
  MERCHANT_SCOPE_MISSING: [403, 'The merchant key lacks the scope this call needs.'],
  MERCHANT_RATE_LIMITED: [429, 'Too many requests with this merchant key. Try again later.'],
  MERCHANT_KEY_ATTEMPTS_LIMITED: [
    429,
    'Too many unknown merchant keys from this network. Try again later.',
  ],
  PRECONDITION_FAILED: [412, 'The resource has changed since it was read (If-Match).'],
  MERCHANT_KEY_NOT_FOUND: [404, 'No such merchant key.'],
  // Staff accounts (merchant API)
  STAFF_SESSION_MISSING: [
    401,
    'Sign in first: send the session cookie (or a merchant key as Authorization: Bearer).',
  ],
  STAFF_SESSION_INVALID: [401, 'The session has ended or is not valid; sign in again.'],
  STAFF_SESSION_EXPIRED: [401, 'The session has expired; sign in again.'],
  CSRF_ORIGIN_MISMATCH: [
    403,
    'A request made with the session cookie must come from this origin (Origin or Sec-Fetch-Site).',
  ],
  SHOP_NOT_SELECTED: [409, 'Pick a shop first: POST /auth/shop.'],
  STAFF_NOT_MEMBER: [403, 'You are not an active staff member of this shop.'],
  STAFF_MEMBER_NOT_FOUND: [404, 'No such staff member.'],
  STAFF_ALREADY_MEMBER: [409, 'This email is already a staff member of the shop.'],
  STAFF_SESSION_NOT_FOUND: [404, 'No such session.'],
  LAST_OWNER: [409, 'A shop keeps at least one active owner.'],
  INVITE_NOT_FOUND: [404, 'No such invite, or the link is not valid.'],
  INVITE_EXPIRED: [410, 'The invite has expired or was already used or revoked.'],
  INVITE_NOT_PENDING: [409, 'The invite was accepted or revoked.'],
  ROLE_NOT_FOUND: [404, 'No such role.'],
  ROLE_NAME_TAKEN: [409, 'Another role of the shop has this name.'],
  ROLE_PRESET: [409, 'Preset roles cannot be deleted.'],
  ROLE_OWNER_LOCKED: [409, 'The owner role holds every scope and cannot be changed.'],
  ROLE_IN_USE: [409, 'Members or invites still hold this role; give them another first.'],
  SHIPPING_RATE_NOT_FOUND: [404, 'No such shipping rate.'],
  PICKUP_LOCATION_NOT_FOUND: [404, 'No such pickup location.'],
  // Merchant API: orders, reviews, customers, downloads
  ORDER_TRANSITION_INVALID: [409, 'The order cannot make this change in its current state.'],
  ORDER_ALREADY_PAID: [409, 'The order is already paid.'],
  ORDER_NOT_PAID: [409, 'The order is not paid, so there is nothing to refund.'],
  REFUND_ALREADY_REQUESTED: [409, 'A refund is already requested for this order.'],
  REFUND_WINDOW_CLOSED: [409, "The order's refund window has closed."],
  REFUND_EXCEEDS_PAID: [422, 'The refund is more than what was paid and not refunded yet.'],
  REFUND_RESTOCK_INVALID: [
    422,
    'A restocked line is not on the order, holds no stock, or holds less than asked.',
  ],
  REFUND_REFUSED_BY_PROVIDER: [
    409,
    'The payment provider refused the refund; nothing was refunded or recorded.',
  ],
  FULFILLMENT_QUANTITY_INVALID: [
    422,
    'A line is not on the order, or would be fulfilled more than was ordered.',
  ],
  ORDER_ALREADY_FULFILLED: [409, 'Every line of the order has been fulfilled.'],
  ORDER_ADDRESS_LOCKED: [409, 'The order has shipped; its address can no longer change.'],
  REVIEW_NOT_FOUND: [404, 'No such review.'],
  CUSTOMER_NOT_FOUND: [404, 'No such customer.'],
  CUSTOMER_ERASED: [409, "The customer's personal data was erased."],
  DOWNLOAD_GRANT_NOT_FOUND: [404, 'No such download.'],

  PRODUCT_SLUG_TAKEN: [409, 'Another product of the shop has this slug.'],
  VARIANT_COMBINATION_DUPLICATE: [422, 'Two variants have the same option values.'],
  PRODUCT_TAG_INVALID: [422, 'A tag has 1 to 255 characters and no comma.'],
  PRODUCT_TAGS_TOO_MANY: [422, 'A product has at most 250 tags.'],
  STOCK_WOULD_BE_NEGATIVE: [409, 'The adjustment would take stock below zero.'],
  STOCK_CHANGED: [409, 'The stock has changed since it was read.'],
  BULK_PRICE_BELOW_ZERO: [422, 'The price change would take a price below zero.'],
  BULK_STOCK_BELOW_ZERO: [422, 'The stock change would take units on hand below zero.'],

  // Product CSV import and export
  IMPORT_NOT_FOUND: [404, 'No such import.'],
  IMPORT_FILE_TOO_LARGE: [413, 'The file is larger than an import accepts (15 MB).'],
  CSV_HEADER_INVALID: [422, 'The first row must be a product CSV header with a Handle column.'],
  CSV_MALFORMED: [422, 'The file is not valid CSV.'],
  CSV_VALUE_INVALID: [422, 'A value in the file is not valid.'],
  CSV_DUPLICATE_VARIANT: [422, 'Two rows of a product have the same option values.'],
  // Media, digital files and content (merchant API)
  MEDIA_TYPE_UNSUPPORTED: [422, 'The file is not a JPEG, PNG, GIF, WebP or AVIF image.'],
  MEDIA_TOO_LARGE: [413, 'The image is larger than the upload limit.'],
  MEDIA_IN_USE: [409, 'The image is still used; remove it from what uses it first.'],
  DIGITAL_FILE_NOT_FOUND: [404, 'No such digital file.'],
  DIGITAL_FILE_TOO_LARGE: [413, 'The file is larger than the upload limit.'],
  DIGITAL_FILE_EMPTY: [422, 'The file is empty.'],
  DIGITAL_FILE_IN_USE: [409, 'The file was sold with orders; deactivate it instead.'],
  CONTENT_MODEL_SLUG_TAKEN: [409, 'Another content model of the shop has this slug.'],
  CONTENT_MODEL_HAS_ENTRIES: [409, 'The content model still has entries; delete them first.'],
  CONTENT_MODEL_HAS_INVALID_ENTRIES: [409, 'Entries of the model would no longer be valid.'],
  CONTENT_ENTRY_INVALID: [422, 'The entry does not match its content model.'],
  CONTENT_SINGLETON_TAKEN: [409, 'A singleton model holds one entry, and it has one.'],
  // Categories, policies, settings and coupons (merchant API)
  CATEGORY_SLUG_TAKEN: [409, 'Another category of the shop has this slug.'],
  CATEGORY_CYCLE: [422, 'A category cannot be placed under itself or one of its descendants.'],
  SETTINGS_SECTION_NOT_FOUND: [404, 'No such settings section.'],
  SHOP_CURRENCY_LOCKED: [
    409,
    'The shop has orders, whose amounts are stored in minor units of its currency: changing the currency or its digits would change what they mean.',
  ],
  COUPON_NOT_FOUND: [404, 'No such coupon.'],
  COUPON_CODE_TAKEN: [409, 'Another coupon of the shop has this code.'],
  COUPON_REDEEMED: [
    409,
    'Orders have redeemed this coupon: deactivate it (`active: false`) instead.',
  ],

  // Webhooks (merchant API)
  WEBHOOK_ENDPOINT_NOT_FOUND: [404, 'No such webhook endpoint.'],
  WEBHOOK_DELIVERY_NOT_FOUND: [404, 'No such webhook delivery.'],
  WEBHOOK_URL_NOT_ALLOWED: [422, 'Webhooks cannot be sent to this URL.'],
  WEBHOOK_ENDPOINT_DISABLED: [409, 'The webhook endpoint is disabled; enable it first.'],
  WEBHOOK_ENDPOINT_LIMIT_REACHED: [
    409,
    'The shop has as many webhook endpoints as it may (16); delete one first.',
  ],
} as const satisfies Record<string, readonly [ErrorStatus, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const statusOf = (code: ErrorCode): ErrorStatus => ERROR_CODES[code][0];
