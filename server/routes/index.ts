import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import authRoutes from './auth.ts';
import healthRoutes from './health.ts';
import userRoutes from './users.ts';
import mediaRoutes from './media.ts';
import directoryRoutes from './directory.ts';
import deviceRoutes from './devices.ts';
import playerRoutes from './player.ts';
import clientRoutes from './clients.ts';
import officeRoutes from './offices.ts';
import campaignRoutes from './campaigns.ts';
import playlistRoutes from './playlists.ts';
import layoutRoutes from './layouts.ts';
import datasetRoutes from './datasets.ts';
import widgetRoutes from './widgets.ts';
import navigationRoutes from './navigation.ts';
import journalRoutes from './journal.ts';
import profileRoutes from './profile.ts';
import apiTokenRoutes from './apiTokens.ts';
import smartGroupRoutes from './smartGroups.ts';
import jobRoutes from './jobs.ts';
import powerRoutes from './power.ts';
import twoFactorRoutes from './twoFactor.ts';
import groupRoutes from './groups.ts';
import { oidcAuthRoutes, oidcMappingRoutes } from './oidc.ts';
import playRoutes from './plays.ts';
import statisticsRoutes from './statistics.ts';
import schedulerRoutes from './scheduler.ts';
import overrideRoutes from './overrides.ts';
import playbackRoutes from './playback.ts';
import screenshotRoutes from './screenshots.ts';
import webhookRoutes from './webhooks.ts';
import openApiRoutes from './openapi.ts';

/** Every resource plugin, mounted under /api/v1. One line per resource. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }>[] = [
  healthRoutes,
  authRoutes,
  oidcAuthRoutes,
  userRoutes,
  mediaRoutes,
  directoryRoutes,
  deviceRoutes,
  playerRoutes,
  clientRoutes,
  officeRoutes,
  campaignRoutes,
  playlistRoutes,
  layoutRoutes,
  datasetRoutes,
  widgetRoutes,
  navigationRoutes,
  journalRoutes,
  profileRoutes,
  apiTokenRoutes,
  oidcMappingRoutes,
  smartGroupRoutes,
  jobRoutes,
  powerRoutes,
  twoFactorRoutes,
  groupRoutes,
  playRoutes,
  statisticsRoutes,
  schedulerRoutes,
  overrideRoutes,
  playbackRoutes,
  screenshotRoutes,
  webhookRoutes,
  openApiRoutes,
];
