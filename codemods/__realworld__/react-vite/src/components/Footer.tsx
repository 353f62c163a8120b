// Site footer. The search is powered by oddkit (oddkit_search behind /api/search).
export function Footer() {
  const year = 2026;
  return (
    <footer className="site-footer">
      <p>
        © {year} klappy.dev · Search powered by <a href="https://oddkit.klappy.dev">oddkit</a>
      </p>
    </footer>
  );
}
