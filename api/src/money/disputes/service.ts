/**
 * A statement with photos: who may add it is checked first (so a stranger's
 * upload is never processed), then the photos are stored, then the statement
 * written; when the write is refused (the dispute was decided meanwhile) the
 * photos just stored are removed again.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { disputeStatementFieldsSchema, type Dispute } from '@campus/shared/schemas';
import { parseFields } from '../../http/form-fields';
import type { MultipartBody } from '../../http/multipart';
import { addStatement, checkMayAddStatement } from './repository';

/** At most as many photos as a product has. */
export const MAX_STATEMENT_PHOTOS = MAX_PRODUCT_PHOTOS;

export async function addStatementWithPhotos(app: FastifyInstance, userId: string, orderId: string, form: MultipartBody): Promise<Dispute> {
  const fields = parseFields(disputeStatementFieldsSchema, form.fields, MESSAGES.disputes.statementRequired);
  await checkMayAddStatement(app.db, userId, orderId);
  const stored = form.files.length > 0 ? await app.catalogue.photos.store('disputes', form.files, MAX_STATEMENT_PHOTOS) : [];
  try {
    return await addStatement(app.db, userId, orderId, fields.text, stored, app.clock.now());
  } catch (error) {
    await app.catalogue.photos.remove(stored);
    throw error;
  }
}
