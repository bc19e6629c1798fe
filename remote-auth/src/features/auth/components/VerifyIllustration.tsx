/** The /verify hero image: an inline SVG envelope with a check mark (nothing downloaded). */
export function VerifyIllustration() {
  return (
    <svg
      role="img"
      aria-label="An envelope with a verification code"
      viewBox="0 0 240 180"
      width="100%"
      style={{ maxWidth: 280 }}
      data-testid="verify-hero-image"
    >
      <defs>
        <linearGradient id="verify-envelope" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#d1fadf" />
        </linearGradient>
      </defs>
      <circle cx="120" cy="90" r="84" fill="#ffffff" opacity="0.12" />
      <rect x="40" y="50" width="160" height="104" rx="10" fill="url(#verify-envelope)" />
      <path d="M40 60 L120 116 L200 60" fill="none" stroke="#027a48" strokeWidth="6" strokeLinejoin="round" />
      <g fill="#027a48">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <rect key={i} x={62 + i * 20} y="128" width="14" height="14" rx="3" opacity="0.85" />
        ))}
      </g>
      <circle cx="190" cy="50" r="24" fill="#32d583" stroke="#ffffff" strokeWidth="4" />
      <path d="M179 50 L187 58 L201 42" fill="none" stroke="#ffffff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
