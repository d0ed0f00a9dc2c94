export { ApiError, type ApiErrorOptions, type ErrorDetail } from './api-error';
export { ERROR_CODES, type ErrorCode, statusOf } from './codes';
