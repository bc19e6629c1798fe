/** Every request's params, query and JSON body pass the text guard before validation (http/text-guard.ts). */
import fp from 'fastify-plugin';
import { textProblem } from '../http/text-guard';

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const problem = textProblem(request.params, '') ?? textProblem(request.query, '') ?? textProblem(request.body, '');
      if (problem) throw problem;
    });
  },
  { name: 'input-guard' },
);
