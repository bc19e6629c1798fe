/**
 * Store names compared as they look, so that no store can open or rename itself into a name that
 * passes for another's ("Gаdget Hub" with a Cyrillic а, "GADGET  HUB", "Gadget Hub" behind a
 * zero-width space). The key is Unicode's confusable skeleton (Unicode Technical Standard 39, section 4: NFD, each
 * character mapped to its prototype by confusables.txt, NFD again), computed by `unhomoglyph`
 * (nodeca; the confusables.txt data as a table, no dependencies), with the rules of names added:
 * invisible and text-direction characters dropped, runs of white space one space, case folded
 * (see below for how it meets the skeleton).
 * The key is never shown: "m" becomes "rn" and "0" becomes "O".
 */
import unhomoglyph from 'unhomoglyph';
import { INVISIBLE_NAME_CHARACTERS } from '@campus/shared/schemas';

const INVISIBLE = new RegExp(INVISIBLE_NAME_CHARACTERS.source, 'gu');

/** The UTS 39 skeleton: skeleton(X) = NFD(prototypes(NFD(X))). */
const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** The form two store names share when one could pass for the other. */
export function storeNameSkeleton(name: string): string {
  const plain = name.replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  // Latin capitals but I folded first (after the skeleton "NIGHT" would be "NlGHT" and miss "night"); I stays a
  // capital so that the skeleton makes it l ("HaII" is "Hall" in most fonts). Other capitals are folded after
  // the skeleton, which has made the Greek Η an H first, and the skeleton is taken again ("0" is "O").
  const latinFolded = plain.replace(/[A-HJ-Z]/g, (letter) => letter.toLowerCase());
  return skeleton(skeleton(latinFolded).toLowerCase());
}
