import { envelope } from '../api';
import { audienceStatisticsSchema, contentStatisticsSchema, earningsStatisticsSchema, statisticsContentQuerySchema, statisticsQuerySchema } from '../statistics';
import { defineRoutes } from './define';

const PERIOD = 'Period `from`..`to` (UTC days, YYYY-MM-DD, inclusive, at most 366 days; default the last 30 days), compared with the period of equal length before it; read from the statistics rollups only.';
const SITE = ' Operator: the same figures site-wide (all creators).';

/** Issue 31 §5: creators' statistics (modules/statistics README); operators get them site-wide. */
export const statistics = defineRoutes('statistics', {
  earnings: {
    method: 'GET',
    path: '/statistics/earnings',
    access: 'performer',
    description: `The caller's earnings by channel and by source (tracking link, referral, organic) with a daily series, sales minus refunds and disputes. ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema, response: { 200: envelope(earningsStatisticsSchema) } },
  },
  earningsCsv: {
    method: 'GET',
    path: '/statistics/earnings/csv',
    access: 'performer',
    description: `The earnings statistics as a CSV download: one row per day and channel (date,channel,source,gross,net,tax,sales,reversals). ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema },
  },
  audience: {
    method: 'GET',
    path: '/statistics/audience',
    access: 'performer',
    description: `The caller's followers and subscribers over time, new vs churned, renewal rate, retention by month of first subscription (cohorts, all time up to \`to\`), where new subscribers came from. ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema, response: { 200: envelope(audienceStatisticsSchema) } },
  },
  audienceCsv: {
    method: 'GET',
    path: '/statistics/audience/csv',
    access: 'performer',
    description: `The audience series as a CSV download (date,followers,subscribers,new,churned). ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema },
  },
  content: {
    method: 'GET',
    path: '/statistics/content',
    access: 'performer',
    description: `The caller's posts, videos and galleries with their views, likes, comments, unlocks, revenue and conversion (unlocks ÷ views) in the period, sortable and paginated; and engagement by weekday and hour (best times to post). ${PERIOD}`,
    schema: { querystring: statisticsContentQuerySchema, response: { 200: envelope(contentStatisticsSchema) } },
  },
  contentCsv: {
    method: 'GET',
    path: '/statistics/content/csv',
    access: 'performer',
    description: `The content table (every item with activity in the period, in the chosen order) as a CSV download. ${PERIOD}`,
    schema: { querystring: statisticsContentQuerySchema },
  },
  siteEarnings: {
    method: 'GET',
    path: '/admin/statistics/earnings',
    access: 'admin',
    description: `Earnings statistics.${SITE} ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema, response: { 200: envelope(earningsStatisticsSchema) } },
  },
  siteAudience: {
    method: 'GET',
    path: '/admin/statistics/audience',
    access: 'admin',
    description: `Audience statistics.${SITE} ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema, response: { 200: envelope(audienceStatisticsSchema) } },
  },
  siteContent: {
    method: 'GET',
    path: '/admin/statistics/content',
    access: 'admin',
    description: `Content statistics.${SITE} ${PERIOD}`,
    schema: { querystring: statisticsContentQuerySchema, response: { 200: envelope(contentStatisticsSchema) } },
  },
  siteEarningsCsv: {
    method: 'GET',
    path: '/admin/statistics/earnings/csv',
    access: 'admin',
    description: `The site-wide earnings statistics as a CSV download (the creator's columns, summed over every creator).${SITE} ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema },
  },
  siteAudienceCsv: {
    method: 'GET',
    path: '/admin/statistics/audience/csv',
    access: 'admin',
    description: `The site-wide audience series as a CSV download.${SITE} ${PERIOD}`,
    schema: { querystring: statisticsQuerySchema },
  },
  siteContentCsv: {
    method: 'GET',
    path: '/admin/statistics/content/csv',
    access: 'admin',
    description: `The site-wide content table as a CSV download.${SITE} ${PERIOD}`,
    schema: { querystring: statisticsContentQuerySchema },
  },
});
