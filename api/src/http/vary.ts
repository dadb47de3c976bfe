/**
 * Adds a request header to an answer's Vary instead of replacing it: @fastify/cors puts `Origin` there whenever
 * Access-Control-Allow-Origin follows the request's origin, and a shared cache must keep both apart.
 */
import type { FastifyReply } from 'fastify';

export function varyOn(reply: FastifyReply, header: string): FastifyReply {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((field) => field.toLowerCase() === header.toLowerCase()))
    return reply;
  return reply.header('Vary', [...fields, header].join(', '));
}
