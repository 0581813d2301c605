import { createBrowserRouter, type RouteObject } from 'react-router';
import { SessionRoot, type RouteHandle } from './session-root';
import { Guard } from './guard';
import { NotFoundPage } from './not-found-page';
import { AuthLayout } from './layouts/auth-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { AdminLayout } from './layouts/admin-layout';
import { SignInPage } from '../features/auth/components/signin-page';
import { SignUpPage } from '../features/auth/components/signup-page';
import { CompanySignUpPage } from '../features/auth/components/company-signup-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { EmailVerificationPage } from '../features/auth/components/email-verification-page';
import { HomePage } from '../features/home/components/home-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { ProductLinesPage } from '../features/product-lines/components/product-lines-page';
import { TermsPage } from '../features/legal/components/terms-page';
import { PrivacyPage } from '../features/legal/components/privacy-page';
import { CampaignsPage } from '../features/placeholders/components/campaigns-page';
import { TemplatesPage } from '../features/placeholders/components/templates-page';
import { CompaniesPage } from '../features/placeholders/components/companies-page';
import { ComingSoonPage } from '../features/placeholders/components/coming-soon-page';
import { AdminDashboardPage } from '../features/admin/components/admin-dashboard-page';
import { AdminUsersPage } from '../features/admin/components/admin-users-page';
import { AdminVideosPage } from '../features/admin/components/admin-videos-page';
import { SupportPage } from '../features/support/components/support-page';
import { VideoLibraryPage } from '../features/video-library/components/video-library-page';
import { CreateEyeMailPage } from '../features/eyemails/components/create-eyemail-page';
import { EyeMailsListPage } from '../features/eyemails/components/eyemails-list-page';
import { EyeMailDetailPage } from '../features/eyemails/components/eyemail-detail-page';
import { EditEyeMailPage } from '../features/eyemails/components/edit-eyemail-page';
import { ReportsPage } from '../features/reports/components/reports-page';
import { FeedPage } from '../features/reports/components/feed-page';

// Modules name the part of the product a page belongs to, for the document title.
const ACCOUNT = 'Account';
const DASHBOARD = 'Dashboard';
const EYEMAILS = 'EyeMails';
const VIDEOS = 'Videos';
const REPORTS = 'Reports';
const SUPPORT = 'Support';
const LEGAL = 'Legal';
const ADMIN = 'Admin';

function page(path: string, title: string, module: string, element: React.ReactNode): RouteObject {
  const handle: RouteHandle = { title, module };
  return { path, element, handle };
}

function soon(path: string, title: string, module: string, subtitle?: string): RouteObject {
  return page(path, title, module, <ComingSoonPage title={title} subtitle={subtitle} />);
}

// Every route of spec 01 section 2 except the public viewer pages, which the server renders.
export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    children: [
      {
        element: (
          <Guard access="hidden">
            <AuthLayout />
          </Guard>
        ),
        children: [
          page('/signin', 'Sign In', ACCOUNT, <SignInPage />),
          page('/signup', 'Sign Up', ACCOUNT, <SignUpPage />),
          page('/companysignup/:id', 'Company Sign Up', ACCOUNT, <CompanySignUpPage />),
          page('/forgotpassword', 'Forgot Password', ACCOUNT, <ForgotPasswordPage />),
          page('/resetpassword', 'Reset Password', ACCOUNT, <ResetPasswordPage />),
        ],
      },
      {
        // Opened from the emailed link, whether or not the reader is signed in on this browser.
        element: (
          <Guard access="public">
            <AuthLayout />
          </Guard>
        ),
        children: [page('/emailverification', 'Account Confirmation', ACCOUNT, <EmailVerificationPage />)],
      },
      {
        element: (
          <Guard access="public">
            <PublicLayout />
          </Guard>
        ),
        children: [
          page('/terms-of-service', 'Terms of Service', LEGAL, <TermsPage />),
          page('/privacy-policy', 'Privacy Policy', LEGAL, <PrivacyPage />),
        ],
      },
      {
        element: (
          <Guard access="login">
            <DashboardLayout />
          </Guard>
        ),
        children: [
          page('/', 'Home', DASHBOARD, <HomePage />),
          page('/product-lines', 'Product Lines', DASHBOARD, <ProductLinesPage />),
          page('/settings', 'Settings', ACCOUNT, <SettingsPage />),
          page('/profile', 'Your Profile', ACCOUNT, <ProfilePage />),
          page('/create-eyemail', 'Create EyeMail', EYEMAILS, <CreateEyeMailPage />),
          page('/eyemails', 'My EyeMails', EYEMAILS, <EyeMailsListPage />),
          page('/eyemails/:id', 'View Detail', EYEMAILS, <EyeMailDetailPage />),
          page('/update-eyemail/:id', 'Update EyeMail', EYEMAILS, <EditEyeMailPage />),
          page('/video-library', 'My Videos', VIDEOS, <VideoLibraryPage />),
          page('/campaigns', 'My Campaigns', DASHBOARD, <CampaignsPage />),
          page('/templates', 'My Templates', DASHBOARD, <TemplatesPage />),
          page('/companies', 'My Companies', DASHBOARD, <CompaniesPage />),
          page('/reports', 'View Report', REPORTS, <ReportsPage />),
          page('/reports/:id', 'View Report', REPORTS, <ReportsPage />),
          page('/feeds/:id/:type', 'Feed', REPORTS, <FeedPage />),
          page('/support', 'Support Center', SUPPORT, <SupportPage />),
        ],
      },
      {
        element: (
          <Guard access="admin">
            <AdminLayout />
          </Guard>
        ),
        children: [
          page('/admin-dashboard', 'Admin Dashboard', ADMIN, <AdminDashboardPage />),
          page('/admin-manage-user', 'Admin Manage Users', ADMIN, <AdminUsersPage />),
          page('/admin-video', 'Admin Videos', ADMIN, <AdminVideosPage />),
        ],
      },
      page('*', 'Page Not Found', '', <NotFoundPage />),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
