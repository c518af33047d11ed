import Joi from 'joi';

export const loginRequestSchema = Joi.object({
  username: Joi.string().min(1).max(200).required().description('partner username'),
  password: Joi.string().min(1).max(1024).required().description('partner password'),
}).label('LoginRequest');

export const loginResultSchema = Joi.object({
  accessToken: Joi.string().min(30).required(),
  expiresIn: Joi.number().integer().valid(7200).required(),
}).label('LoginResult');
