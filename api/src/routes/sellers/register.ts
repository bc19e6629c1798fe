/** POST /sellers/register (multipart): a signed-in user opens their one store. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { sellerProfileSchema, sellerRegisterBodySchema } from '@campus/shared/schemas';
import { sellers } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { readMultipart } from '../../catalogue/multipart';
import { sellerOfUser, toSellerProfile } from '../../catalogue/sellers';
import { parseFields } from '../../catalogue/validate';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sellers/register',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sellers'],
        summary: 'Become a seller (multipart: store fields and an optional cataloguePicture)',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 201: envelope(sellerProfileSchema), 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const form = await readMultipart(request, ['cataloguePicture'], 1);
      const body = parseFields(sellerRegisterBodySchema, form.fields, MESSAGES.sellerRegister.invalid);
      if (await sellerOfUser(app.db, user.id)) throw conflict(MESSAGES.sellerRegister.alreadySeller);
      const [picture] = await app.catalogue.photos.store('sellers', form.files, 1);
      const now = app.clock.now();
      const inserted = await app.db
        .insert(sellers)
        .values({
          id: randomUUID(),
          userId: user.id,
          catalogueName: body.catalogueName,
          storeDescription: body.storeDescription ?? null,
          bankName: body.bankName,
          accountNumber: body.accountNumber,
          accountName: body.accountName,
          phoneNumber: body.phoneNumber,
          whatsappNumber: body.whatsappNumber ?? body.phoneNumber,
          location: body.location,
          picture: picture ?? null,
          createdAt: now,
          updatedAt: now,
        })
        // Two quick submits: the unique index decides, the loser gets the 409.
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) {
        if (picture) await app.catalogue.photos.remove([picture]);
        throw conflict(MESSAGES.sellerRegister.alreadySeller);
      }
      return reply.status(201).send({ data: await toSellerProfile(app.db, row), message: MESSAGES.seller.storeReady });
    },
  );
};
export default route;
