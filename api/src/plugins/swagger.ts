/** OpenAPI from the routes' zod schemas: UI at /api/docs (the document, /api/openapi.json, is in the route map). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Campus Marketplace API',
          description: `The /api/v1 API of ${app.config.universityName}'s student marketplace.`,
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    // The document stays (the route map serves it); the browsable UI is for development, or production when asked.
    // Its own CSP (scripts and styles from itself only); over plain HTTP without upgrade-insecure-requests,
    // which would send the page's own scripts to an https:// address nothing answers.
    const overTls = app.config.appUrl.startsWith('https://');
    if (app.config.apiDocs) {
      await app.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        transformStaticCSP: (header) => (overTls ? header : header.replace(/\s*upgrade-insecure-requests;?/, '')),
      });
    }
  },
  { name: 'swagger' },
);
