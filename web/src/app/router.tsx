import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/spinner';
import { SessionRoot, type RouteHandle } from './session-root';
import { Guard } from './guard';
import type { Access } from './guard-rules';
import { RouteErrorPage } from './route-error-page';

// Modules name the part of the product a page belongs to, for the document title.
const ACCOUNT = 'Account';
const DASHBOARD = 'Dashboard';
const EYEMAILS = 'EyeMails';
const VIDEOS = 'Videos';
const REPORTS = 'Reports';
const SUPPORT = 'Support';
const LEGAL = 'Legal';
const ADMIN = 'Admin';

// Every page and layout is its own chunk, fetched when a route first matches (React Router's
// `lazy`): the first load carries only the shell. The title stays on the route itself, so it is
// known before the page's code arrives.
type Load = () => Promise<ComponentType>;

function lazyComponent(load: Load): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

function page(path: string, title: string, module: string, load: Load): RouteObject {
  const handle: RouteHandle = { title, module };
  return { path, handle, lazy: lazyComponent(load) };
}

// A group of pages behind one access rule and one layout (the layout's code is a chunk of its
// own, shared by the group's pages).
// The guard is keyed by its rule: React Router renders every group's element in the same place,
// so without a key a signed-in page's guard would be reused by the account pages, keeping the
// user it saw on entry (an ended session then bounced between /signin and / for good).
function guarded(access: Access, layout: Load, children: RouteObject[]): RouteObject {
  return {
    element: (
      <Guard key={access} access={access}>
        <Outlet />
      </Guard>
    ),
    children: [{ lazy: lazyComponent(layout), children }],
  };
}

const authLayout: Load = () => import('./layouts/auth-layout').then((m) => m.AuthLayout);
const publicLayout: Load = () => import('./layouts/public-layout').then((m) => m.PublicLayout);
const dashboardLayout: Load = () => import('./layouts/dashboard-layout').then((m) => m.DashboardLayout);
const adminLayout: Load = () => import('./layouts/admin-layout').then((m) => m.AdminLayout);
const reportsPage: Load = () => import('@/features/reports/components/reports-page').then((m) => m.ReportsPage);

// Every route of spec 01 section 2 except the public viewer pages, which the server renders.
export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    // Shown while the first page's code loads; it draws nothing for a moment so a fast load does
    // not flash a spinner.
    HydrateFallback: PageLoading,
    errorElement: <RouteErrorPage />,
    children: [
      guarded('hidden', authLayout, [
        page('/signin', 'Sign In', ACCOUNT, () => import('@/features/auth/components/signin-page').then((m) => m.SignInPage)),
        page('/signup', 'Sign Up', ACCOUNT, () => import('@/features/auth/components/signup-page').then((m) => m.SignUpPage)),
        page('/companysignup/:id', 'Company Sign Up', ACCOUNT, () =>
          import('@/features/auth/components/company-signup-page').then((m) => m.CompanySignUpPage),
        ),
        page('/forgotpassword', 'Forgot Password', ACCOUNT, () =>
          import('@/features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
        ),
        page('/resetpassword', 'Reset Password', ACCOUNT, () =>
          import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      ]),
      // Opened from the emailed link, whether or not the reader is signed in on this browser.
      guarded('public', authLayout, [
        page('/emailverification', 'Account Confirmation', ACCOUNT, () =>
          import('@/features/auth/components/email-verification-page').then((m) => m.EmailVerificationPage),
        ),
        page('/invitations/:token', 'Invitation', ACCOUNT, () => import('@/features/invitations/components/invitation-page').then((m) => m.InvitationPage)),
      ]),
      guarded('public', publicLayout, [
        page('/terms-of-service', 'Terms of Service', LEGAL, () => import('@/features/legal/components/terms-page').then((m) => m.TermsPage)),
        page('/privacy-policy', 'Privacy Policy', LEGAL, () => import('@/features/legal/components/privacy-page').then((m) => m.PrivacyPage)),
      ]),
      guarded('login', dashboardLayout, [
        page('/', 'Home', DASHBOARD, () => import('@/features/home/components/home-page').then((m) => m.HomePage)),
        page('/product-lines', 'Product Lines', DASHBOARD, () =>
          import('@/features/product-lines/components/product-lines-page').then((m) => m.ProductLinesPage),
        ),
        page('/settings', 'Settings', ACCOUNT, () => import('./settings-route').then((m) => m.SettingsRoute)),
        page('/integrations', 'Integrations', ACCOUNT, () =>
          import('@/features/integrations/components/integrations-page').then((m) => m.IntegrationsPage),
        ),
        page('/profile', 'Your Profile', ACCOUNT, () => import('@/features/profile/components/profile-page').then((m) => m.ProfilePage)),
        page('/create-eyemail', 'Create EyeMail', EYEMAILS, () =>
          import('@/features/eyemails/components/create-eyemail-page').then((m) => m.CreateEyeMailPage),
        ),
        page('/eyemails', 'My EyeMails', EYEMAILS, () =>
          import('@/features/eyemails/components/eyemails-list-page').then((m) => m.EyeMailsListPage),
        ),
        page('/eyemails/:id', 'View Detail', EYEMAILS, () =>
          import('@/features/eyemails/components/eyemail-detail-page').then((m) => m.EyeMailDetailPage),
        ),
        page('/update-eyemail/:id', 'Update EyeMail', EYEMAILS, () =>
          import('@/features/eyemails/components/edit-eyemail-page').then((m) => m.EditEyeMailPage),
        ),
        page('/video-library', 'My Videos', VIDEOS, () =>
          import('@/features/video-library/components/video-library-page').then((m) => m.VideoLibraryPage),
        ),
        page('/campaigns', 'My Campaigns', DASHBOARD, () =>
          import('@/features/placeholders/components/campaigns-page').then((m) => m.CampaignsPage),
        ),
        page('/templates', 'My Templates', DASHBOARD, () =>
          import('@/features/placeholders/components/templates-page').then((m) => m.TemplatesPage),
        ),
        page('/companies', 'My Companies', DASHBOARD, () => import('@/features/companies/components/companies-page').then((m) => m.CompaniesPage)),
        page('/companies/:id', 'Company Members', DASHBOARD, () =>
          import('@/features/companies/components/company-members-page').then((m) => m.CompanyMembersPage),
        ),
        page('/reports', 'View Report', REPORTS, reportsPage),
        page('/reports/:id', 'View Report', REPORTS, reportsPage),
        page('/feeds/:id/:type', 'Feed', REPORTS, () => import('@/features/reports/components/feed-page').then((m) => m.FeedPage)),
        page('/support', 'Support Center', SUPPORT, () => import('@/features/support/components/support-page').then((m) => m.SupportPage)),
      ]),
      guarded('admin', adminLayout, [
        page('/admin-dashboard', 'Admin Dashboard', ADMIN, () =>
          import('@/features/admin/components/admin-dashboard-page').then((m) => m.AdminDashboardPage),
        ),
        page('/admin-manage-user', 'Admin Manage Users', ADMIN, () =>
          import('@/features/admin/components/admin-users-page').then((m) => m.AdminUsersPage),
        ),
        page('/admin-companies', 'Admin Companies', ADMIN, () =>
          import('@/features/admin/components/admin-companies-page').then((m) => m.AdminCompaniesPage),
        ),
        page('/admin-video', 'Admin Videos', ADMIN, () =>
          import('@/features/admin/components/admin-videos-page').then((m) => m.AdminVideosPage),
        ),
      ]),
      page('*', 'Page Not Found', '', () => import('./not-found-page').then((m) => m.NotFoundPage)),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
