/** Every error the API answers has the body { success: false, message, errors? } and a deliberate status. */
export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;

  constructor(statusCode: number, message: string, errors?: FieldError[], options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export interface ErrorBody {
  success: false;
  message: string;
  errors?: FieldError[];
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
