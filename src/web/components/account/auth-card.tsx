import { Link } from "../ui/link.tsx";

/** The frame of the sign-in, sign-up, OTP and change-password screens (shown without the shop's header and footer). */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-gray-100 px-4 py-10">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-md sm:p-8">
        <Link to="/" className="mb-6 block text-center text-2xl font-extrabold tracking-tight text-brand-dark">
          Storefront
        </Link>
        <h1 className="mb-6 text-xl font-bold text-gray-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
