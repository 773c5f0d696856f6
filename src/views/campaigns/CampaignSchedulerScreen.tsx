export { default } from '../scheduler/CampaignSchedulerScreen.tsx';
