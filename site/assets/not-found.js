// The "page not found" page is one file for every missing address (static hosts serve /404.html,
// and so does sw.js offline). It holds both languages; this puts the language of the folder the
// address is under first (/en/…: English; /fi/… and anything else: Finnish, as built): the page's
// language, title, main heading, primary button and links home.
const LANGS = ["fi", "en"];
const lang = location.pathname.split("/").find((part) => LANGS.includes(part)) || LANGS[0];
const sections = [...document.querySelectorAll("main.not-found > section[lang]")];
const mine = sections.find((s) => s.lang === lang);

function retag(heading, tag) {
  if (heading.tagName.toLowerCase() === tag) return;
  const next = document.createElement(tag);
  next.id = heading.id;
  next.textContent = heading.textContent;
  heading.replaceWith(next);
}

if (mine && mine !== sections[0]) {
  document.documentElement.lang = lang;
  document.title = mine.dataset.title;
  sections[0].before(mine);
  for (const section of sections) {
    const first = section === mine;
    retag(section.querySelector("h1, h2"), first ? "h1" : "h2");
    section.querySelector("a.button").classList.toggle("primary", first);
  }
  const nav = document.querySelector(".site-header nav");
  nav.setAttribute("aria-label", nav.dataset[`label${lang[0].toUpperCase()}${lang.slice(1)}`]);
  nav.querySelector("a.brand").setAttribute("href", `/${lang}/`);
  const other = LANGS.find((x) => x !== lang);
  const link = nav.querySelector("a.lang-switch");
  link.setAttribute("href", `/${other}/`);
  link.hreflang = other;
  link.lang = other;
  link.textContent = link.dataset[`name${other[0].toUpperCase()}${other.slice(1)}`];
}
