// The `{status}` reply of the sign-in, passkey and session calls that have nothing else to say.
import { z } from 'zod';

export const statusSchema = z.looseObject({ status: z.boolean() });
